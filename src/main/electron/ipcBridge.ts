import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import {
  bridgeErrorNames,
  bridgeIpcChannel,
  type BridgeHandlers,
  type BridgeReply,
} from '../../shared/bridge'
import { dispatchBridgeCall, type BridgeFailureLogger } from '../bridge/dispatchBridgeCall'
import { isAppUrl } from './appProtocol'

/** Only our own page's top frame may call the bridge: not an iframe, not another origin. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame
  return frame !== null && frame.parent === null && isAppUrl(frame.url)
}

export function serveBridgeOverIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: BridgeHandlers,
  logFailure?: BridgeFailureLogger,
): void {
  ipcMain.handle(
    bridgeIpcChannel,
    async (event, method: unknown, input: unknown): Promise<BridgeReply<unknown>> => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: {
            name: bridgeErrorNames.hostRefused,
            message: 'Refused: the caller is not the Compliance Desk window.',
            status: 403,
            mayHaveReachedService: false,
          },
        }
      }
      return dispatchBridgeCall(handlers, method, input, logFailure)
    },
  )
}
