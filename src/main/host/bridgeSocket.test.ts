import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { bridgeErrorNames, type BridgeHandlers } from '../../shared/bridge'
import {
  bridgeSocketPath,
  socketAnswerSchema,
  socketMaxFrameBytes,
  type SocketAnswer,
} from '../../shared/bridge/socketFrames'
import { fakeBridgeHandlers, minimalSettingsView } from '../../test-support/fakeBridgeHandlers'
import { openHostSession, type HostSession } from '../../test-support/hostSession'
import { startBrowserHost, type BrowserHost } from './browserHost'

/** Opens the socket as a page would, or says with which HTTP status the host turned it away. */
const openSocket = (
  url: string,
  headers: Record<string, string>,
): Promise<{ socket: WebSocket } | { refusedWith: number }> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => resolve({ socket }))
    socket.once('unexpected-response', (_request, response) =>
      resolve({ refusedWith: response.statusCode ?? 0 }),
    )
    socket.once('error', reject)
  })

/** Every answer the socket receives, in order, and the code it closed with. */
const listen = (socket: WebSocket) => {
  const answers: SocketAnswer[] = []
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
  socket.on('message', (data: Buffer) =>
    answers.push(socketAnswerSchema.parse(JSON.parse(data.toString('utf8')))),
  )
  return { answers, closed }
}

describe('the bridge socket of the browser host', () => {
  let rendererDir: string
  let host: BrowserHost
  let session: HostSession
  let release: () => void
  let handlers: BridgeHandlers

  const startHost = async (bodyBudgetBytes?: number): Promise<void> => {
    const held = new Promise<void>((resolve) => (release = resolve))
    handlers = fakeBridgeHandlers({
      'settings.get': async () => minimalSettingsView,
      // Held until the test releases it, so a later call can be answered first.
      'system.storage': async () => {
        await held
        return { kind: 'ok', dataDir: '/data', freeBytes: 1, totalBytes: 2 } as never
      },
    })
    host = await startBrowserHost({
      handlers,
      rendererDir,
      ...(bodyBudgetBytes === undefined ? {} : { bodyBudgetBytes }),
    })
    session = await openHostSession(host.url)
  }

  const socketUrl = (): string => `${host.origin.replace('http', 'ws')}${bridgeSocketPath}`
  const asThePage = (): Record<string, string> => ({ ...session.headers, origin: host.origin })

  const openAsThePage = async (): Promise<WebSocket> => {
    const opened = await openSocket(socketUrl(), asThePage())
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refusedWith}`)
    return opened.socket
  }

  beforeEach(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    await startHost()
  })

  afterEach(async () => {
    release()
    await host.close()
  })

  it('serves a call by the same handlers as HTTP and answers each under its id, in the order they finish', async () => {
    const socket = await openAsThePage()
    const { answers } = listen(socket)
    socket.send(JSON.stringify({ id: 7, method: 'system.storage', input: {} }))
    socket.send(JSON.stringify({ id: 8, method: 'settings.get', input: {} }))
    await expect.poll(() => answers.length).toBe(1)
    expect(answers[0]).toEqual({ id: 8, reply: { ok: true, data: minimalSettingsView } })
    release()
    await expect.poll(() => answers.length).toBe(2)
    expect(answers[1]?.id).toBe(7)
    expect(handlers['settings.get']).toHaveBeenCalledTimes(1)
    socket.close()
  })

  it('validates a call as HTTP does: an unknown method and an invalid input are refused, the handler never reached', async () => {
    const socket = await openAsThePage()
    const { answers } = listen(socket)
    socket.send(JSON.stringify({ id: 1, method: 'settings.nothing', input: {} }))
    socket.send(JSON.stringify({ id: 2, method: 'settings.get', input: { extra: true } }))
    await expect.poll(() => answers.length).toBe(2)
    const names = answers.map(({ reply }) => (reply.ok ? 'ok' : reply.error.name)).sort()
    expect(names).toEqual([bridgeErrorNames.unknownMethod, bridgeErrorNames.validation].sort())
    expect(handlers['settings.get']).not.toHaveBeenCalled()
    socket.close()
  })

  it('opens only for a page of this launch, on its own address and origin', async () => {
    const refusal = async (headers: Record<string, string>, url = socketUrl()) => {
      const opened = await openSocket(url, headers)
      if ('socket' in opened) opened.socket.close()
      return 'refusedWith' in opened ? opened.refusedWith : 'opened'
    }
    expect(await refusal(asThePage())).toBe('opened')
    // No session (an earlier launch's page, or none), another site, no origin, a rebound name.
    expect(await refusal({ origin: host.origin })).toBe(401)
    expect(await refusal({ ...session.headers, origin: 'http://evil.example' })).toBe(403)
    expect(await refusal({ ...session.headers })).toBe(403)
    expect(await refusal({ ...asThePage(), host: 'evil.example' })).toBe(421)
    expect(await refusal(asThePage(), `${host.origin.replace('http', 'ws')}/elsewhere`)).toBe(404)
  })

  it('refuses an input over its method’s limit with the sentence HTTP gives, and keeps serving', async () => {
    const socket = await openAsThePage()
    const { answers } = listen(socket)
    socket.send(
      JSON.stringify({ id: 1, method: 'settings.get', input: { note: 'x'.repeat(8000) } }),
    )
    socket.send(JSON.stringify({ id: 2, method: 'settings.get', input: {} }))
    await expect.poll(() => answers.length).toBe(2)
    const tooLarge = answers.find(({ id }) => id === 1)?.reply
    expect(tooLarge).toMatchObject({ ok: false, error: { status: 413 } })
    expect(tooLarge?.ok === false && tooLarge.error.message).toMatch(
      /^The request for settings\.get is larger than it can be \(at most 4 KiB\); nothing was done\.$/,
    )
    expect(answers.find(({ id }) => id === 2)?.reply.ok).toBe(true)
    expect(handlers['settings.get']).toHaveBeenCalledTimes(1)
    socket.close()
  })

  it('closes a socket sending a frame larger than any call, or one that is not a call, and serves the next', async () => {
    const oversized = await openAsThePage()
    const tooLong = listen(oversized)
    oversized.send('x'.repeat(socketMaxFrameBytes + 1))
    expect(await tooLong.closed).toBe(1009)
    const garbled = await openAsThePage()
    const notACall = listen(garbled)
    garbled.send('{"method":"settings.get"}')
    expect(await notACall.closed).toBe(1007)
    const next = await openAsThePage()
    const { answers } = listen(next)
    next.send(JSON.stringify({ id: 3, method: 'settings.get', input: {} }))
    await expect.poll(() => answers.length).toBe(1)
    expect(answers[0]?.reply.ok).toBe(true)
    next.close()
  })

  it('draws on the budget HTTP bodies share: with no room left, a call is refused as busy', async () => {
    await host.close()
    await startHost(1000)
    const socket = await openAsThePage()
    const { answers } = listen(socket)
    socket.send(JSON.stringify({ id: 1, method: 'settings.get', input: {} }))
    socket.send(JSON.stringify({ id: 2, method: 'entities.get', input: { id: 'e'.repeat(1200) } }))
    await expect.poll(() => answers.length).toBe(2)
    expect(answers.find(({ id }) => id === 1)?.reply.ok).toBe(true)
    expect(answers.find(({ id }) => id === 2)?.reply).toMatchObject({
      ok: false,
      error: { status: 503, name: bridgeErrorNames.hostRefused, mayHaveReachedService: false },
    })
    socket.close()
  })

  it('drops every page’s socket when it closes', async () => {
    const socket = await openAsThePage()
    const { closed } = listen(socket)
    release()
    await host.close()
    expect(await closed).toBe(1006)
    await startHost()
  })
})
