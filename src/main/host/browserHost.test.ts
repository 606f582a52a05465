import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bridgeReplySchema, type BridgeError, type BridgeHandlers } from '../../shared/bridge'
import { fakeBridgeHandlers } from '../../test-support/fakeBridgeHandlers'
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

const settingsView = {
  activeEnvironment: 'local' as const,
  keyStorage: { kind: 'session-only' as const, detail: 'test' },
  environments: [],
}

describe('browser host', () => {
  let host: BrowserHost
  let handlers: BridgeHandlers
  let rendererDir: string

  beforeEach(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(tmpdir(), 'outside.html'), 'outside')
    handlers = fakeBridgeHandlers({ 'settings.get': async () => settingsView })
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

  it('listens on loopback only and puts the secret in the URL fragment', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host.url).toBe(`${host.origin}/#secret=${host.secret}`)
    expect(host.secret.length).toBeGreaterThanOrEqual(40)
  })

  it('serves a bridge call that carries the secret, from its own origin', async () => {
    const reply = await bridgeCall({ 'x-compliance-desk-secret': host.secret, origin: host.origin })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: settingsView })
  })

  it('refuses a bridge call without the secret, or with a wrong one', async () => {
    for (const headers of [
      {},
      { 'x-compliance-desk-secret': 'x'.repeat(host.secret.length) },
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
    const port = new URL(host.origin).port
    for (const hostHeader of [
      `evil.example:${port}`,
      'attacker.test',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      const page = await send(host.origin, '/', { headers: { host: hostHeader } })
      expect(page.status).toBe(421)
      const call = await bridgeCall({ host: hostHeader, 'x-compliance-desk-secret': host.secret })
      expect(call.status).toBe(421)
      expect(refusalOf(call)).toEqual({
        name: 'HostRefusedError',
        status: 421,
        mayHaveReachedService: false,
      })
    }
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses a request from a foreign Origin, even with the secret', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      const reply = await bridgeCall({ origin, 'x-compliance-desk-secret': host.secret })
      expect(reply.status).toBe(403)
      expect(refusalOf(reply)).toMatchObject({ name: 'HostRefusedError', status: 403 })
    }
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses a payload that violates the schema without calling the handler', async () => {
    const reply = await bridgeCall({ 'x-compliance-desk-secret': host.secret }, '{"unexpected":1}')
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(handlers['settings.get']).not.toHaveBeenCalled()
  })

  it('refuses other methods, media types and bodies that are not JSON', async () => {
    const get = await send(host.origin, '/bridge/settings.get', {
      headers: { 'x-compliance-desk-secret': host.secret },
    })
    expect(get.status).toBe(405)
    const text = await bridgeCall({
      'x-compliance-desk-secret': host.secret,
      'content-type': 'text/plain',
    })
    expect(text.status).toBe(415)
    const broken = await bridgeCall({ 'x-compliance-desk-secret': host.secret }, '{not json')
    expect(broken.status).toBe(400)
    for (const refused of [get, text, broken]) {
      expect(refusalOf(refused)).toMatchObject({
        name: 'HostRefusedError',
        mayHaveReachedService: false,
      })
    }
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
