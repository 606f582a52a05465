import { mkdtempSync } from 'node:fs'
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  bridgeContract,
  bridgeMethods,
  bridgeReplySchema,
  type BridgeHandlers,
} from '../../shared/bridge'
import { defaultMaxInputBytes } from '../../shared/bridge/defineMethod'
import { openHostSession, type HostSession } from '../../test-support/hostSession'
import { fakeBridgeHandlers } from '../../test-support/fakeBridgeHandlers'
import { startBrowserHost, type BrowserHost } from './browserHost'

interface Answer {
  status: number
  body: string
  headers: IncomingMessage['headers']
}

const answerOf = (response: IncomingMessage): Promise<Answer> =>
  new Promise((resolve) => {
    let body = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => (body += chunk))
    response.on('end', () =>
      resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
    )
  })

const chunk = Buffer.alloc(64 * 1024, 'a')

let host: BrowserHost
let session: HostSession
let handlers: BridgeHandlers

const open = async (bodyBudgetBytes?: number): Promise<void> => {
  handlers = fakeBridgeHandlers()
  host = await startBrowserHost({
    handlers,
    rendererDir: mkdtempSync(join(tmpdir(), 'cd-renderer-')),
    ...(bodyBudgetBytes === undefined ? {} : { bodyBudgetBytes }),
  })
  session = await openHostSession(host.url)
}

/**
 * A bridge call whose body is written a chunk at a time, and never finished, until the host
 * answers: an answer proves the host judged the body while reading it, not after.
 */
const streamUntilAnswered = (
  method: string,
  headers: Record<string, string> = {},
): { answer: Promise<Answer>; sent: () => number; request: ClientRequest } => {
  let sent = 0
  let answered = false
  const request = httpRequest(new URL(`/bridge/${method}`, host.origin), {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json', ...headers },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      answered = true
      resolve(answerOf(response))
    })
    request.on('error', (error) => (answered ? undefined : reject(error)))
  })
  const write = (): void => {
    if (answered || request.destroyed) return
    sent += chunk.length
    if (request.write(chunk)) setImmediate(write)
    else request.once('drain', write)
  }
  if (headers['content-length'] === undefined) write()
  else request.flushHeaders()
  return { answer, sent: () => sent, request }
}

afterEach(async () => {
  await host.close()
})

describe('each bridge method reads no more than its input can be', () => {
  beforeEach(() => open())

  it('gives most methods a few KiB, and the chunks of a backup or an export more', () => {
    const limits = Object.fromEntries(
      bridgeMethods.map((m) => [m, bridgeContract[m].maxInputBytes]),
    )
    expect(limits['settings.setBaseUrl']).toBe(defaultMaxInputBytes)
    expect(limits['keys.set']).toBe(defaultMaxInputBytes)
    expect(limits['backup.addEntry']).toBeGreaterThan(15 * 1024 * 1024)
    expect(limits['evidence.addToExport']).toBe(16 * 1024 * 1024)
    for (const [method, limit] of Object.entries(limits)) {
      expect(limit, method).toBeLessThanOrEqual(16 * 1024 * 1024)
    }
  })

  it.each(bridgeMethods)(
    '%s: refuses a body over its limit with 413 while reading it',
    async (method) => {
      const limit = bridgeContract[method].maxInputBytes
      const declared = streamUntilAnswered(method, { 'content-length': String(limit + 1) })
      const early = await declared.answer
      declared.request.destroy()
      expect(early.status).toBe(413)
      expect(bridgeReplySchema.parse(JSON.parse(early.body))).toMatchObject({
        ok: false,
        error: { name: 'HostRefusedError', status: 413 },
      })
      expect(early.body).toContain(`The request for ${method} is larger`)

      const streamed = streamUntilAnswered(method)
      const late = await streamed.answer
      streamed.request.destroy()
      expect(late.status).toBe(413)
      // Answered before the body ended (it never does) and soon after the limit was passed.
      expect(streamed.sent()).toBeGreaterThan(limit)
      expect(handlers[method]).not.toHaveBeenCalled()
    },
  )

  it('closes the connection of a body refused as too large once it has answered, rather than keeping it open', async () => {
    // A body declared too large is refused before a byte of it is read; it is sent all the same,
    // until the host closes the connection or the 64 MiB are sent (the host read them all before).
    const cap = 64 * 1024 * 1024
    let sent = 0
    const request = httpRequest(new URL('/bridge/settings.get', host.origin), {
      method: 'POST',
      headers: {
        ...session.headers,
        'content-type': 'application/json',
        'content-length': String(cap),
      },
    })
    const answer = new Promise<Answer>((resolve) =>
      request.on('response', (response) => resolve(answerOf(response))),
    )
    // The client still writing when the host closes is told so by an error: that is the point.
    request.on('error', () => undefined)
    const closedBeforeCap = new Promise<boolean>((resolve) => {
      let closed = false
      request.on('socket', (socket) =>
        socket.on('close', () => {
          closed = true
          resolve(true)
        }),
      )
      const write = (): void => {
        if (closed) return
        if (sent >= cap) return resolve(false)
        sent += chunk.length
        if (request.write(chunk)) setImmediate(write)
        else request.once('drain', write)
      }
      write()
    })
    expect((await answer).status).toBe(413)
    const answeredAt = performance.now()
    expect(await closedBeforeCap).toBe(true)
    // Closed by the host once answered, not left open (until Node's 5 s keep-alive timeout, before).
    expect(performance.now() - answeredAt).toBeLessThan(2500)
    // What was on its way when the refusal left, and at most a MiB more, was read.
    expect(sent).toBeLessThan(8 * 1024 * 1024)
    request.destroy()
  })

  it('answers a value that is no URL for settings.setBaseUrl with a 400 naming the field', async () => {
    const response = await fetch(new URL('/bridge/settings.setBaseUrl', host.origin), {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ environment: 'production', baseUrl: 'not a url' }),
    })
    expect(response.status).toBe(400)
    const reply = (await response.json()) as { error: Record<string, unknown> }
    expect(reply.error).toMatchObject({
      name: 'ValidationError',
      status: 400,
      mayHaveReachedService: false,
    })
    expect(reply.error.message).toContain('baseUrl: must be an http(s) URL')
    expect(handlers['settings.setBaseUrl']).not.toHaveBeenCalled()
  })
})

describe('the bodies of all calls in flight share one budget', () => {
  beforeEach(() => open(256 * 1024))

  it('refuses a large call with 503 and a sentence while others hold the budget, and serves it after', async () => {
    // The declared length is drawn up front; a body sent in part holds it until answered.
    const holding = streamUntilAnswered('backup.addEntry', { 'content-length': String(200 * 1024) })
    holding.request.write(Buffer.alloc(1024, 'a'))
    // It is cut off below, on purpose, before any answer.
    holding.answer.catch(() => undefined)
    const addEntry = (): Promise<Response> =>
      fetch(new URL('/bridge/backup.addEntry', host.origin), {
        method: 'POST',
        headers: { ...session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'a'.repeat(100 * 1024) }),
      })
    // Asked until the host has taken in the holder's headers (a call before that is read whole).
    let busy: Response | undefined
    await expect
      .poll(async () => {
        busy = await addEntry()
        return busy.status
      })
      .toBe(503)
    expect(busy!.headers.get('retry-after')).toBe('1')
    const { error } = (await busy!.json()) as { error: Record<string, unknown> }
    expect(error).toMatchObject({ name: 'HostRefusedError', mayHaveReachedService: false })
    expect(error.message).toContain('Try again in a moment')
    // A small call still finds room: large ones never take what is kept for the app's own work.
    const small = await fetch(new URL('/bridge/settings.get', host.origin), {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'a'.repeat(3 * 1024) }),
    })
    expect(small.status).toBe(400)
    holding.request.destroy()

    // Once the holder has gone, the same call is read (and refused only for what it says).
    await expect.poll(async () => (await addEntry()).status).toBe(400)
  })
})
