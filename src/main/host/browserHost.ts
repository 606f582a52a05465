import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  bridgeErrorNames,
  bridgeHttpPathPrefix,
  launchCodeHeader,
  launchCodeParameter,
  launchSessionPath,
  type BridgeError,
  type BridgeHandlers,
  type BridgeReply,
} from '../../shared/bridge'
import { dispatchBridgeCall, type BridgeFailureLogger } from '../bridge/dispatchBridgeCall'
import { serveBridgeSocket, type UpgradeRefusal } from './bridgeSocket'
import { busyRefusal, hostRefusal, maxInputBytesOf, tooLargeRefusal } from './hostCalls'
import { downloadPathPrefix } from '../services/evidence/exportDestination'
import { readRendererFile, rendererResponseHeaders } from '../web/rendererFiles'
import { launchSessions } from './launchSessions'
import { bodyBudget, closeAfterRefusal, readBoundedBody } from './requestBodies'

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
  /** Bytes of request bodies held at once by all calls in flight (see BodyBudget). */
  bodyBudgetBytes?: number
}

export interface BrowserHost {
  /** The address to print: it opens the app once (see LaunchSessions). */
  readonly url: string
  readonly origin: string
  /** Another one-time address, for another browser or after the first was spent. */
  newLaunchAddress(): string
  close(): Promise<void>
}

/**
 * Room for the two largest calls at once (an export's part beside a backup's chunk) besides what
 * is kept for small calls: the host stays under 300 MB whatever number of such bodies arrive.
 */
const defaultBodyBudgetBytes = 36 * 1024 * 1024

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
}

/**
 * Sends a reply whole, its length declared: written with its headers in one go rather than as a
 * chunked stream, which the page's bridge calls paid for on every answer.
 */
const sendJson = (
  response: ServerResponse,
  status: number,
  reply: unknown,
  headers: Record<string, string> = {},
): void => {
  const body = Buffer.from(JSON.stringify(reply), 'utf8')
  response.writeHead(status, {
    ...jsonHeaders,
    ...headers,
    'content-length': String(body.length),
  })
  response.end(body)
}

/** A call the host turned away before serving it: nothing of it reached the service. */
const refuse = (
  response: ServerResponse,
  status: number,
  message: string,
  error?: Pick<BridgeError, 'name' | 'mayHaveReachedService'>,
  headers: Record<string, string> = {},
): void => sendJson(response, status, hostRefusal(status, message, error), headers)

const notAuthorised = { name: bridgeErrorNames.pageNotAuthorised, mayHaveReachedService: false }

const earlierLaunch =
  'This page is from an earlier launch of Compliance Desk: each start prints a new address. Open the address printed by the latest `npm start`; your data is kept.'

const spentAddress =
  'This address has already been used, and each address Compliance Desk prints opens it once. Restart Compliance Desk with `npm start` and open the address it prints, or press Enter in the terminal where it runs for a new one; your data is kept.'

/**
 * The Electron main process's stand-in for the browser mode: loopback only, and the same
 * handlers as IPC behind a session of this launch (see LaunchSessions), with Host and Origin
 * checked on every request (no DNS rebinding, no cross-site calls), and every body bounded by its
 * method's limit and by what all calls in flight may hold together.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const sessions = launchSessions()
  let allowedHosts = new Set<string>()
  let allowedOrigins = new Set<string>()
  const budget = bodyBudget(options.bodyBudgetBytes ?? defaultBodyBudgetBytes)

  /** The page's first request: its launch code, once, for the session cookie. */
  const serveSession = (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== 'POST') return refuse(response, 405, 'Sessions are opened with POST.')
    const code = request.headers[launchCodeHeader]
    const exchange = sessions.exchange(typeof code === 'string' ? code : undefined, request)
    if (exchange.kind === 'spent') return refuse(response, 403, spentAddress, notAuthorised)
    if (exchange.kind === 'unknown') return refuse(response, 403, earlierLaunch, notAuthorised)
    sendJson(
      response,
      200,
      { ok: true, data: {} } satisfies BridgeReply<object>,
      exchange.kind === 'granted' ? { 'set-cookie': exchange.setCookie } : {},
    )
  }

  const serveBridge = async (
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
  ): Promise<void> => {
    if (request.method !== 'POST') return refuse(response, 405, 'Bridge calls must use POST.')
    if (!sessions.holdsSession(request)) {
      return refuse(response, 401, earlierLaunch, notAuthorised)
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return refuse(response, 415, 'Bridge calls must send application/json.')
    }
    const maxBytes = maxInputBytesOf(method)
    const { outcome, release } = await readBoundedBody(request, maxBytes, budget)
    try {
      if (outcome.kind !== 'read') closeAfterRefusal(request, response)
      if (outcome.kind === 'tooLarge') {
        return sendJson(response, 413, tooLargeRefusal(method, maxBytes))
      }
      if (outcome.kind === 'busy') {
        return sendJson(response, 503, busyRefusal(), { 'retry-after': '1' })
      }
      let input: unknown
      try {
        input = outcome.text === '' ? undefined : (JSON.parse(outcome.text) as unknown)
      } catch {
        return refuse(response, 400, 'The request body is not valid JSON.', {
          name: bridgeErrorNames.validation,
          mayHaveReachedService: false,
        })
      }
      const reply = await dispatchBridgeCall(options.handlers, method, input, options.logFailure)
      const invalid = !reply.ok && reply.error.name === bridgeErrorNames.validation
      sendJson(response, invalid ? 400 : 200, reply)
    } finally {
      release()
    }
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

  /**
   * Host and Origin, on every request: no DNS rebinding, no cross-site calls. A socket's opening
   * must name its origin (browsers always do): a socket is not bound by the same-origin policy.
   */
  const strangerRefusal = (
    request: IncomingMessage,
    { originRequired }: { originRequired: boolean },
  ): UpgradeRefusal | null => {
    if (!allowedHosts.has(request.headers.host ?? '')) {
      return {
        status: 421,
        message: 'Refused: this host only answers to its own loopback address.',
      }
    }
    const origin = request.headers.origin
    if (origin === undefined ? originRequired : !allowedOrigins.has(origin)) {
      return { status: 403, message: 'Refused: requests from other sites are not allowed.' }
    }
    return null
  }

  const server = createServer((request, response) => {
    const stranger = strangerRefusal(request, { originRequired: false })
    if (stranger) return refuse(response, stranger.status, stranger.message)
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path === launchSessionPath) return serveSession(request, response)
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

  const socket = serveBridgeSocket(server, {
    handlers: options.handlers,
    budget,
    ...(options.logFailure ? { logFailure: options.logFailure } : {}),
    refusalOf: (request) =>
      strangerRefusal(request, { originRequired: true }) ??
      (sessions.holdsSession(request) ? null : { status: 401, message: earlierLaunch }),
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  allowedOrigins = new Set([...allowedHosts].map((host) => `http://${host}`))
  const origin = `http://127.0.0.1:${port}`
  const newLaunchAddress = (): string => `${origin}/?${launchCodeParameter}=${sessions.issueCode()}`

  return {
    url: newLaunchAddress(),
    origin,
    newLaunchAddress,
    close: () =>
      new Promise<void>((resolve) => {
        socket.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
