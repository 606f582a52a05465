import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

/**
 * One policy for the renderer on both run modes: no inline or remote script, no remote anything.
 * Styles allow 'unsafe-inline' because the component library injects its CSS variables in a
 * <style> element at run time; scripts never do.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ')

export const rendererResponseHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export interface RendererFile {
  body: Buffer
  contentType: string
}

/** A file of the built renderer for a URL path, or null; never a file outside `root`. */
export async function readRendererFile(
  root: string,
  urlPath: string,
): Promise<RendererFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const base = resolve(root)
  const file = resolve(base, relative)
  if (!file.startsWith(base + sep)) return null
  const contentType = contentTypes[extname(file)]
  if (!contentType) return null
  try {
    return { body: await readFile(file), contentType }
  } catch {
    return null
  }
}
