import type { IpcMain, IpcMainInvokeEvent, IpcRenderer } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appEntryUrl } from '../main/electron/appProtocol'
import { serveBridgeOverIpc } from '../main/electron/ipcBridge'
import { apiPaths, rootedPath } from '../shared/api/apiPaths'
import type { BridgeApi } from '../shared/bridge'
import { startMainSideOnSandbox, type MainSideOnSandbox } from '../test-support/mainSideOnSandbox'
import { ipcTransport } from './ipcTransport'

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>

/**
 * Electron's invoke/handle pair without Electron: arguments and replies are structured-cloned as
 * they are between processes, a channel without a handler rejects as Electron's does.
 */
function ipcPair(senderUrl: string) {
  const handlers = new Map<string, Handler>()
  const ipcMain = {
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
  } as unknown as Pick<IpcMain, 'handle'>
  const event = { senderFrame: { url: senderUrl, parent: null } } as unknown as IpcMainInvokeEvent
  const ipcRenderer: Pick<IpcRenderer, 'invoke'> = {
    invoke: async (channel: string, ...args: unknown[]): Promise<unknown> => {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`No handler registered for '${channel}'`)
      return structuredClone(await handler(event, ...structuredClone(args)))
    },
  }
  return { ipcMain, ipcRenderer, handlers }
}

let app: MainSideOnSandbox

beforeEach(async () => {
  app = await startMainSideOnSandbox()
})

afterEach(async () => {
  await app.stop()
})

const servedTransport = (senderUrl = appEntryUrl): BridgeApi => {
  const pair = ipcPair(senderUrl)
  serveBridgeOverIpc(pair.ipcMain, app.mainSide.handlers)
  return ipcTransport(pair.ipcRenderer)
}

const entityRequests = () =>
  app.sandbox.requests.filter((request) => request.path.startsWith(rootedPath(apiPaths.entities)))

describe('the IPC transport', () => {
  it('carries a call over the one channel to the main side and its answer back', async () => {
    const reply = await servedTransport().invoke('entities.list', { page: 1, limit: 3 })
    if (!reply.ok) throw new Error(reply.error.message)
    expect(reply.data.items).toHaveLength(3)
    expect(entityRequests()).toHaveLength(1)
  })

  it('carries the main side’s errors with whether they may have reached the service', async () => {
    await app.sandbox.suspend()
    expect(await servedTransport().invoke('entities.list', { page: 1, limit: 3 })).toMatchObject({
      ok: false,
      error: { name: 'ServiceUnreachableError', mayHaveReachedService: false },
    })
  })

  it('refuses a method outside the contract without sending anything', async () => {
    const pair = ipcPair(appEntryUrl)
    const reply = await ipcTransport(pair.ipcRenderer).invoke(
      'shell.openExternal' as 'settings.get',
      {},
    )
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'UnknownMethodError', mayHaveReachedService: false },
    })
  })

  it('passes on the main side’s refusal of a caller that is not the app’s window', async () => {
    const reply = await servedTransport('https://evil.example/').invoke('entities.list', {
      page: 1,
      limit: 3,
    })
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'HostRefusedError', status: 403, mayHaveReachedService: false },
    })
    expect(entityRequests()).toHaveLength(0)
  })

  it('says the main process did not answer when the call fails there, and that it may have gone on', async () => {
    const pair = ipcPair(appEntryUrl)
    const reply = await ipcTransport(pair.ipcRenderer).invoke('settings.get', {})
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'HostUnreachableError', mayHaveReachedService: true },
    })
  })

  it('calls a reply that is not a bridge reply unreadable', async () => {
    const pair = ipcPair(appEntryUrl)
    pair.handlers.set('bridge:invoke', async () => ({
      ok: false,
      error: { name: 'SomethingNewError', message: 'not in the closed set' },
    }))
    expect(await ipcTransport(pair.ipcRenderer).invoke('settings.get', {})).toMatchObject({
      ok: false,
      error: { name: 'UnreadableReplyError', mayHaveReachedService: true },
    })
  })
})
