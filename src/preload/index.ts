import { contextBridge, ipcRenderer } from 'electron'
import {
  bridgeErrorNames,
  bridgeGlobalName,
  bridgeIpcChannel,
  isBridgeMethod,
  type BridgeApi,
  type BridgeOutput,
  type BridgeReply,
} from '../shared/bridge'

/** The renderer gets one function over one channel, for the contract's methods only. */
const api = {
  invoke: async (method, input) => {
    if (!isBridgeMethod(method)) {
      return {
        ok: false,
        error: {
          name: bridgeErrorNames.unknownMethod,
          message: `Unknown operation "${String(method)}".`,
        },
      }
    }
    return (await ipcRenderer.invoke(bridgeIpcChannel, method, input)) as BridgeReply<
      BridgeOutput<typeof method>
    >
  },
} satisfies BridgeApi

contextBridge.exposeInMainWorld(bridgeGlobalName, api)
