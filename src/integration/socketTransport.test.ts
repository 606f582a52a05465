import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import {
  bridgeErrorNames,
  type BridgeApi,
  type BridgeHandlers,
  type BridgeMethod,
} from '../shared/bridge'
import { socketMaxFrameBytes } from '../shared/bridge/socketFrames'
import { startBrowserHost, type BrowserHost } from '../main/host/browserHost'
import { fakeBridgeHandlers, minimalSettingsView } from '../test-support/fakeBridgeHandlers'
import { openHostSession } from '../test-support/hostSession'
import { httpTransport } from '../renderer/src/bridge/httpTransport'
import { socketTransport, type PageSocket } from '../renderer/src/bridge/socketTransport'

describe('the browser mode’s socket transport', () => {
  let host: BrowserHost
  let handlers: BridgeHandlers
  let release: () => void
  let opened: number
  let httpCalls: ReturnType<typeof vi.fn>

  /** The transport as the page has it, on a session of this host, with HTTP calls counted. */
  const transportFor = async (cookie?: string) => {
    const headers = cookie === undefined ? (await openHostSession(host.url)).headers : { cookie }
    const realHttp = httpTransport({ origin: host.origin, headers })
    httpCalls = vi.fn((method: BridgeMethod, input: unknown) =>
      realHttp.invoke(method, input as never),
    )
    return socketTransport({
      origin: host.origin,
      http: { invoke: httpCalls as BridgeApi['invoke'] },
      // ws's client has the browser's API; a browser sends the cookie and origin itself, and an
      // error is followed by a close, as here once the error is heard.
      openSocket: (url) => {
        opened += 1
        const socket = new WebSocket(url, { headers: { ...headers, origin: host.origin } })
        socket.on('error', () => undefined)
        return socket as unknown as PageSocket
      },
    })
  }

  beforeEach(async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    const held = new Promise<void>((resolve) => (release = resolve))
    handlers = fakeBridgeHandlers({
      'settings.get': async () => minimalSettingsView,
      'settings.setActiveEnvironment': async () => {
        await held
        return minimalSettingsView
      },
    })
    host = await startBrowserHost({ handlers, rendererDir })
    opened = 0
  })

  afterEach(async () => {
    release()
    await host.close()
  })

  it('sends small calls on one socket, opened once, and none by HTTP', async () => {
    const transport = await transportFor()
    const replies = await Promise.all([1, 2, 3].map(() => transport.invoke('settings.get', {})))
    expect(replies).toEqual([1, 2, 3].map(() => ({ ok: true, data: minimalSettingsView })))
    expect(await transport.invoke('settings.get', {})).toEqual({
      ok: true,
      data: minimalSettingsView,
    })
    expect(opened).toBe(1)
    expect(httpCalls).not.toHaveBeenCalled()
    expect(handlers['settings.get']).toHaveBeenCalledTimes(4)
  })

  it('sends an input too large for a frame by HTTP, which refuses it with the method’s limit', async () => {
    const transport = await transportFor()
    const reply = await transport.invoke('settings.get', {
      note: 'x'.repeat(socketMaxFrameBytes),
    } as never)
    expect(httpCalls).toHaveBeenCalledTimes(1)
    expect(reply).toMatchObject({ ok: false, error: { status: 413 } })
  })

  it('goes by HTTP when the host refuses the socket, so the page reads why: an earlier launch', async () => {
    const transport = await transportFor('compliance-desk-session-1=not-a-session')
    const reply = await transport.invoke('settings.get', {})
    expect(httpCalls).toHaveBeenCalledTimes(1)
    expect(reply).toMatchObject({
      ok: false,
      error: { name: bridgeErrorNames.pageNotAuthorised, mayHaveReachedService: false },
    })
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('fails a call in flight when the host goes, as one that may have been served, and says so once by HTTP after', async () => {
    const transport = await transportFor()
    const inFlight = transport.invoke('settings.setActiveEnvironment', { environment: 'local' })
    await vi.waitFor(() => expect(handlers['settings.setActiveEnvironment']).toHaveBeenCalled())
    await host.close()
    expect(await inFlight).toMatchObject({
      ok: false,
      error: { name: bridgeErrorNames.hostUnreachable, mayHaveReachedService: true },
    })
    expect(await transport.invoke('settings.get', {})).toMatchObject({
      ok: false,
      error: { name: bridgeErrorNames.hostUnreachable },
    })
    expect(opened).toBe(2)
    expect(httpCalls).toHaveBeenCalledTimes(1)
  })

  it('answers the refusal of the launch code without sending anything', async () => {
    const refusal = {
      name: bridgeErrorNames.pageNotAuthorised,
      message: 'This address has already been used.',
      mayHaveReachedService: false,
    }
    const transport = socketTransport({
      origin: host.origin,
      session: Promise.resolve(refusal),
      http: { invoke: vi.fn() },
      openSocket: () => {
        throw new Error('no socket may open')
      },
    })
    expect(await transport.invoke('settings.get', {})).toEqual({ ok: false, error: refusal })
  })

  it('goes by HTTP when the browser will not open a socket at all, and tries again at the next call', async () => {
    let tries = 0
    const transport = socketTransport({
      origin: host.origin,
      http: { invoke: () => Promise.resolve({ ok: true, data: minimalSettingsView }) as never },
      openSocket: () => {
        tries += 1
        throw new Error('refused by the page’s policy')
      },
    })
    expect(await transport.invoke('settings.get', {})).toEqual({
      ok: true,
      data: minimalSettingsView,
    })
    expect(await transport.invoke('settings.get', {})).toEqual({
      ok: true,
      data: minimalSettingsView,
    })
    expect(tries).toBe(2)
  })
})
