import { contextBridge, ipcRenderer } from 'electron'
import { bridgeGlobalName, type BridgeApi } from '../shared/bridge'
import { ipcTransport } from './ipcTransport'

/** The renderer gets one function over one channel, for the contract's methods only. */
const api = ipcTransport(ipcRenderer) satisfies BridgeApi

contextBridge.exposeInMainWorld(bridgeGlobalName, api)
