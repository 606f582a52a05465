import type { IpcRenderer } from 'electron'
import {
  bridgeErrorNames,
  bridgeIpcChannel,
  bridgeReplySchema,
  isBridgeMethod,
  type BridgeApi,
  type BridgeError,
  type BridgeMethod,
  type BridgeOutput,
  type BridgeReply,
} from '../shared/bridge'

const failure = (error: BridgeError): BridgeReply<never> => ({ ok: false, error })

/**
 * The Electron transport: one channel, the contract's methods only, and every reply checked
 * against the reply shape, so the renderer sees the same closed set of answers as over HTTP.
 */
export function ipcTransport(ipc: Pick<IpcRenderer, 'invoke'>): BridgeApi {
  return {
    async invoke<M extends BridgeMethod>(
      method: M,
      input: unknown,
    ): Promise<BridgeReply<BridgeOutput<M>>> {
      if (!isBridgeMethod(method)) {
        return failure({
          name: bridgeErrorNames.unknownMethod,
          message: `Unknown operation "${String(method)}".`,
          mayHaveReachedService: false,
        })
      }
      let raw: unknown
      try {
        raw = await ipc.invoke(bridgeIpcChannel, method, input)
      } catch {
        // The main process received the call and failed outside the dispatcher: it may have
        // gone on to the service.
        return failure({
          name: bridgeErrorNames.hostUnreachable,
          message:
            'Compliance Desk’s background process did not answer. Restart the app; cached data stays readable.',
          mayHaveReachedService: true,
        })
      }
      const reply = bridgeReplySchema.safeParse(raw)
      if (!reply.success) {
        return failure({
          name: bridgeErrorNames.unreadableReply,
          message: 'Compliance Desk’s background process sent an unreadable answer.',
          mayHaveReachedService: true,
        })
      }
      // The main side validated `data` against the method's output schema before sending it.
      return reply.data as BridgeReply<BridgeOutput<M>>
    },
  }
}
