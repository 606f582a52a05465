import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bridgeReplySchema, type BridgeError, type BridgeHandlers } from '../../shared/bridge'
import { fakeBridgeHandlers, minimalSettingsView } from '../../test-support/fakeBridgeHandlers'
import { DownloadDestination } from '../services/evidence/exportDestination'
import { startBrowserHost, type BrowserHost } from './browserHost'

interface RawReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Raw HTTP, so tests can send a Host header that fetch would not let them forge. */
const send = (
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, origin),
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })

/** A refusal's error, read as the renderer reads it: it must be a well-formed bridge reply. */
const refusalOf = (reply: RawReply): Omit<BridgeError, 'message'> => {
  const parsed = bridgeReplySchema.parse(JSON.parse(reply.body))
  if (parsed.ok) throw new Error('expected a refusal')
  const { message, ...rest } = parsed.error
  expect(message).not.toBe('')
  return rest
}

/** What a refusal says, as the page shows it. */
const messageOf = (reply: RawReply): string => {
  const parsed = bridgeReplySchema.parse(JSON.parse(reply.body))
  return parsed.ok ? '' : parsed.error.message
}

describe('browser host', () => {
  let host: BrowserHost
  let handlers: BridgeHandlers
  let rendererDir: string

  beforeEach(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(tmpdir(), 'outside.html'), 'outside')
    handlers = fakeBridgeHandlers({ 'settings.get': async () => minimalSettingsView })
    host = await startBrowserHost({ handlers, rendererDir })
  })

  afterEach(async () => {
    await host.close()
  })

  const bridgeCall = (headers: Record<string, string>, body = '{}', method = 'settings.get') =>
    send(host.origin, `/bridge/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('hands a finished export out once, as an attachment, then removes it', async () => {
    const downloads = new DownloadDestination(mkdtempSync(join(tmpdir(), 'downloads-')))
    const withDownloads = await startBrowserHost({ handlers, rendererDir, downloads })
    try {
      const target = await downloads.open('Case “Ω” 2026-11-22.zip')
      writeFileSync(target.partialPath, 'PK-bundle-bytes')
      const delivery = await target.deliver()
      if (delivery.kind !== 'download') throw new Error('expected a download')
      const first = await send(withDownloads.origin, delivery.url)
      expect(first.status).toBe(200)
      expect(first.body).toBe('PK-bundle-bytes')
      expect(first.headers['content-type']).toBe('application/zip')
      expect(first.headers['content-disposition']).toBe(
        `attachment; filename="Case ___ 2026-11-22.zip"; filename*=UTF-8''${encodeURIComponent('Case “Ω” 2026-11-22.zip')}`,
      )
      await expect.poll(() => existsSync(target.partialPath)).toBe(false)
      expect((await send(withDownloads.origin, delivery.url)).status).toBe(404)
      expect((await send(withDownloads.origin, '/downloads/guessed-token')).status).toBe(404)
    } finally {
      await withDownloads.close()
    }
  })

  /** The page's first request: its launch code for the session cookie, as the browser keeps it. */
  const exchange = (address: string, headers: Record<string, string> = {}) =>
    send(host.origin, '/session', {
      method: 'POST',
      headers: { 'x-compliance-desk-launch-code': codeOf(address), ...headers },
    })
  const codeOf = (address: string): string => new URL(address).searchParams.get('launch') ?? ''
  const cookieOf = (reply: RawReply): string => String(reply.headers['set-cookie']).split(';')[0]!

  it('listens on loopback only and prints a one-time code in the query, not a secret', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host.url).toMatch(new RegExp(`^${host.origin}/\\?launch=[\\w-]{40,}$`))
    expect(host.newLaunchAddress()).not.toBe(host.url)
  })

  it('trades the code once for an HttpOnly, SameSite=Strict session cookie on the whole origin', async () => {
    const granted = await exchange(host.url, { origin: host.origin })
    expect(granted.status).toBe(200)
    const setCookie = String(granted.headers['set-cookie'])
    expect(setCookie).toMatch(
      new RegExp(
        `^compliance-desk-session-${new URL(host.origin).port}=[\\w-]{40,}; HttpOnly; SameSite=Strict; Path=/$`,
      ),
    )
    const reply = await bridgeCall({ cookie: cookieOf(granted), origin: host.origin })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: minimalSettingsView })
  })

  it('refuses the code a second time, saying to restart or use a new address, unless the browser holds its session', async () => {
    const granted = await exchange(host.url)
    const replayed = await exchange(host.url)
    expect(replayed.status).toBe(403)
    expect(replayed.headers['set-cookie']).toBeUndefined()
    expect(refusalOf(replayed)).toEqual({
      name: 'PageNotAuthorisedError',
      status: 403,
      mayHaveReachedService: false,
    })
    expect(messageOf(replayed)).toContain('already been used')
    expect(messageOf(replayed)).toContain('npm start')
    // The browser that traded it opens the same address again (from its history): nothing new.
    const again = await exchange(host.url, { cookie: cookieOf(granted) })
    expect(again.status).toBe(200)
    expect(again.headers['set-cookie']).toBeUndefined()
    // A code this launch never printed reads as one of an earlier launch.
    const unknown = await exchange(`${host.origin}/?launch=${'x'.repeat(43)}`)
    expect(unknown.status).toBe(403)
    expect(messageOf(unknown)).toContain('earlier launch')
  })

  it('refuses a bridge call without the session, or with a made-up one', async () => {
    const port = new URL(host.origin).port
    for (const headers of [
      {},
      { cookie: `compliance-desk-session-${port}=${'x'.repeat(43)}` },
    ] as Array<Record<string, string>>) {
      const reply = await bridgeCall(headers)
      expect(reply.status).toBe(401)
      expect(refusalOf(reply)).toEqual({
        name: 'PageNotAuthorisedError',
        status: 401,
        mayHaveReachedService: false,
      })
    }
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses a request whose Host header is foreign (DNS rebinding)', async () => {
    const cookie = cookieOf(await exchange(host.url))
    const port = new URL(host.origin).port
    for (const hostHeader of [
      `evil.example:${port}`,
      'attacker.test',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      const page = await send(host.origin, '/', { headers: { host: hostHeader } })
      expect(page.status).toBe(421)
      const call = await bridgeCall({ host: hostHeader, cookie })
      expect(call.status).toBe(421)
      expect(refusalOf(call)).toEqual({
        name: 'HostRefusedError',
        status: 421,
        mayHaveReachedService: false,
      })
    }
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses calls and code trades from a foreign Origin, even with the session (no cross-site requests)', async () => {
    const cookie = cookieOf(await exchange(host.url))
    const fresh = host.newLaunchAddress()
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      const reply = await bridgeCall({ origin, cookie })
      expect(reply.status).toBe(403)
      expect(refusalOf(reply)).toMatchObject({ name: 'HostRefusedError', status: 403 })
      const trade = await exchange(fresh, { origin })
      expect(trade.status).toBe(403)
      expect(trade.headers['set-cookie']).toBeUndefined()
    }
    expect(handlers['settings.get']).not.toHaveBeenCalled()
    // The code was never traded by those: it still opens the app, once.
    expect((await exchange(fresh)).status).toBe(200)
  })

  it('refuses a payload that violates the schema without calling the handler', async () => {
    const cookie = cookieOf(await exchange(host.url))
    const reply = await bridgeCall({ cookie }, '{"unexpected":1}')
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses other methods, media types and bodies that are not JSON', async () => {
    const cookie = cookieOf(await exchange(host.url))
    const get = await send(host.origin, '/bridge/settings.get', { headers: { cookie } })
    expect(get.status).toBe(405)
    const text = await bridgeCall({ cookie, 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    for (const refused of [get, text]) {
      expect(refusalOf(refused)).toMatchObject({
        name: 'HostRefusedError',
        mayHaveReachedService: false,
      })
    }
    const broken = await bridgeCall({ cookie }, '{not json')
    expect(broken.status).toBe(400)
    expect(refusalOf(broken)).toMatchObject({
      name: 'ValidationError',
      mayHaveReachedService: false,
    })
  })

  it('serves the renderer with the strict content security policy', async () => {
    const page = await send(host.origin, '/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>app</title>')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).not.toMatch(/https?:/)
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../outside.html',
      '/%2e%2e/outside.html',
      '/..%2foutside.html',
      '/%00.html',
    ]) {
      const reply = await send(host.origin, path)
      expect(reply.status).toBe(404)
      expect(reply.body).not.toContain('outside')
    }
  })
})
