import type { Protocol } from 'electron'
import { readRendererFile, rendererResponseHeaders } from '../web/rendererFiles'

/**
 * The renderer is served from app://compliance-desk/, a stable origin of our own: IndexedDB
 * belongs to the page's origin, so this must never change or every cached check would vanish.
 */
export const appScheme = 'app'
export const appHost = 'compliance-desk'
export const appEntryUrl = `${appScheme}://${appHost}/index.html`

/** Must run before the app is ready. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

export function isAppUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === `${appScheme}:` && url.host === appHost
  } catch {
    return false
  }
}

export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    if (!isAppUrl(request.url) || request.method !== 'GET') {
      return new Response('Not found', { status: 404 })
    }
    const file = await readRendererFile(rendererDir, new URL(request.url).pathname)
    if (!file) return new Response('Not found', { status: 404 })
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: { ...rendererResponseHeaders, 'content-type': file.contentType },
    })
  })
}
