import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  bridgeErrorNames,
  bridgeHttpPathPrefix,
  bridgeSecretHeader,
  type BridgeError,
  type BridgeHandlers,
  type BridgeReply,
} from '../../shared/bridge'
import { dispatchBridgeCall, type BridgeFailureLogger } from '../bridge/dispatchBridgeCall'
import { downloadPathPrefix } from '../services/evidence/exportDestination'
import { readRendererFile, rendererResponseHeaders } from '../web/rendererFiles'

/** Finished files handed out once each, by an unguessable token (exported bundles). */
export interface HostDownloads {
  take(token: string): { path: string; fileName: string } | null
}

export interface BrowserHostOptions {
  handlers: BridgeHandlers
  rendererDir: string
  port?: number
  logFailure?: BridgeFailureLogger
  downloads?: HostDownloads
}

export interface BrowserHost {
  /** The address to open: the per-launch secret rides in the fragment, which is never sent. */
  readonly url: string
  readonly origin: string
  readonly secret: string
  close(): Promise<void>
}

/** Large enough for a batch of exported checks with their raw answers. */
const maxBridgeBodyBytes = 16 * 1024 * 1024

/** A call the host turned away before serving it: nothing of it reached the service. */
const refuse = (
  response: ServerResponse,
  status: number,
  message: string,
  error: Pick<BridgeError, 'name' | 'mayHaveReachedService'> = {
    name: bridgeErrorNames.hostRefused,
    mayHaveReachedService: false,
  },
): void => {
  const reply: BridgeReply<never> = { ok: false, error: { ...error, message, status } }
  const text = JSON.stringify(reply)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  response.end(text)
}

const sameSecret = (given: string | string[] | undefined, secret: Buffer): boolean => {
  if (typeof given !== 'string') return false
  const candidate = Buffer.from(given)
  return candidate.length === secret.length && timingSafeEqual(candidate, secret)
}

const readBody = async (request: IncomingMessage): Promise<string | null> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBridgeBodyBytes) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The Electron main process's stand-in for the browser mode: loopback only, and the same
 * handlers as IPC behind a per-launch secret, with Host and Origin checked on every request
 * (no DNS rebinding, no cross-site calls).
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const secretText = randomBytes(32).toString('base64url')
  const secret = Buffer.from(secretText)
  let allowedHosts = new Set<string>()
  let allowedOrigins = new Set<string>()

  const serveBridge = async (
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
  ): Promise<void> => {
    if (request.method !== 'POST') return refuse(response, 405, 'Bridge calls must use POST.')
    if (!sameSecret(request.headers[bridgeSecretHeader], secret)) {
      return refuse(
        response,
        401,
        'This page is from an earlier launch of Compliance Desk: each start prints a new address. Open the address printed by the latest `npm start`; your data is kept.',
        { name: bridgeErrorNames.pageNotAuthorised, mayHaveReachedService: false },
      )
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return refuse(response, 415, 'Bridge calls must send application/json.')
    }
    const text = await readBody(request)
    if (text === null) return refuse(response, 413, 'The request is too large.')
    let input: unknown
    try {
      input = text === '' ? undefined : (JSON.parse(text) as unknown)
    } catch {
      return refuse(response, 400, 'The request body is not valid JSON.')
    }
    const reply = await dispatchBridgeCall(options.handlers, method, input, options.logFailure)
    const body = JSON.stringify(reply)
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    response.end(body)
  }

  const serveFile = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(response, 405, 'Only GET is served here.')
    }
    const file = await readRendererFile(options.rendererDir, path)
    if (!file) return refuse(response, 404, 'Not found.')
    response.writeHead(200, {
      ...rendererResponseHeaders,
      'content-type': file.contentType,
      'cache-control': 'no-cache',
    })
    response.end(request.method === 'HEAD' ? undefined : file.body)
  }

  /** The token is the authority here: a download is a plain navigation, which carries no header. */
  const serveDownload = async (
    request: IncomingMessage,
    response: ServerResponse,
    token: string,
  ): Promise<void> => {
    if (request.method !== 'GET') return refuse(response, 405, 'Only GET is served here.')
    const file = options.downloads?.take(token)
    if (!file) {
      return refuse(response, 404, 'This download has already been fetched or has expired.')
    }
    const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
    response.writeHead(200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    const stream = createReadStream(file.path)
    stream.pipe(response)
    await new Promise<void>((resolve, reject) => {
      response.once('close', resolve)
      stream.once('error', reject)
    }).finally(() => rm(file.path, { force: true }))
  }

  const server = createServer((request, response) => {
    if (!allowedHosts.has(request.headers.host ?? '')) {
      return refuse(response, 421, 'Refused: this host only answers to its own loopback address.')
    }
    const origin = request.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return refuse(response, 403, 'Refused: requests from other sites are not allowed.')
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const isBridgeCall = path.startsWith(bridgeHttpPathPrefix)
    const work = isBridgeCall
      ? serveBridge(request, response, path.slice(bridgeHttpPathPrefix.length))
      : path.startsWith(downloadPathPrefix)
        ? serveDownload(request, response, path.slice(downloadPathPrefix.length))
        : serveFile(request, response, path)
    work.catch((error: unknown) => {
      options.logFailure?.('browser host', error)
      // A bridge call may have failed after its handler asked the service.
      if (!response.headersSent) {
        refuse(response, 500, 'The host failed to answer.', {
          name: bridgeErrorNames.internal,
          mayHaveReachedService: isBridgeCall,
        })
      } else response.destroy()
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  allowedOrigins = new Set([...allowedHosts].map((host) => `http://${host}`))
  const origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/#secret=${secretText}`,
    origin,
    secret: secretText,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
