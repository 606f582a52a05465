import type { Page, WebSocketRoute } from '@playwright/test'
import { bridgeHttpPathPrefix, type BridgeMethod } from '../../src/shared/bridge'
import { bridgeSocketPath, socketCallSchema } from '../../src/shared/bridge/socketFrames'

/** A bridge call as it left the page. */
export interface SeenCall {
  method: string
  input: unknown
}

type Listener = (call: SeenCall) => void

const watched = new WeakMap<Page, Set<Listener>>()

const frameCall = (payload: string | Buffer): SeenCall | null => {
  try {
    const call = socketCallSchema.safeParse(JSON.parse(String(payload)))
    return call.success ? { method: call.data.method, input: call.data.input } : null
  } catch {
    return null
  }
}

/**
 * Follows the bridge calls a page makes, by its socket (small calls) or by HTTP (large inputs).
 * Installed before the page opens the app (see AppShell.open): Playwright tells of a socket only
 * if it was listening when the socket opened.
 */
export function watchBridgeTraffic(page: Page): void {
  if (watched.has(page)) return
  const listeners = new Set<Listener>()
  watched.set(page, listeners)
  const tell = (call: SeenCall): void => {
    for (const listener of [...listeners]) listener(call)
  }
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== bridgeSocketPath) return
    socket.on('framesent', ({ payload }) => {
      const call = frameCall(payload)
      if (call) tell(call)
    })
  })
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (!pathname.startsWith(bridgeHttpPathPrefix)) return
    tell({ method: pathname.slice(bridgeHttpPathPrefix.length), input: request.postDataJSON() })
  })
}

/**
 * Resolves with the page's next call of one of `methods` whose input `matches`, rejecting after
 * `timeout` ms. Only calls made from now count.
 */
export function nextBridgeCall(
  page: Page,
  methods: readonly BridgeMethod[],
  { matches = () => true, timeout }: { matches?: (input: unknown) => boolean; timeout?: number },
): Promise<SeenCall> {
  const listeners = watched.get(page)
  if (!listeners) {
    throw new Error('the page’s bridge calls are not watched: open the app with AppShell.open')
  }
  return new Promise((resolve, reject) => {
    const listener: Listener = (call) => {
      if (!methods.some((method) => method === call.method) || !matches(call.input)) return
      listeners.delete(listener)
      clearTimeout(timer)
      resolve(call)
    }
    const timer =
      timeout === undefined
        ? undefined
        : setTimeout(() => {
            listeners.delete(listener)
            reject(new Error(`no ${methods.join(' or ')} call within ${timeout} ms`))
          }, timeout)
    listeners.add(listener)
  })
}

/**
 * Puts the page's bridge socket through the test, which passes every frame on until `cutNext`
 * names a method: that call is held, `cut` runs (the test kills the host), and the page's socket
 * is dropped, so the call fails as a dead host's does and never reaches one. Sockets opened from
 * now until the cut are routed: the caller reloads the page after installing it.
 */
export async function routeBridgeSocket(page: Page): Promise<{
  cutNext(method: BridgeMethod, cut: () => Promise<void>): Promise<void>
}> {
  let armed: { method: BridgeMethod; cut: () => Promise<void>; done: () => void } | undefined
  // Once cut, sockets go to the host unrouted again: a routed socket opens for the page whatever
  // the host answers, and the page must meet the host's own refusal of an earlier launch's page.
  let routing = true
  await page.routeWebSocket(
    (url) => routing && url.pathname === bridgeSocketPath,
    (route: WebSocketRoute) => {
      const server = route.connectToServer()
      route.onMessage((message) => {
        const call = frameCall(message)
        const cut = armed
        if (cut === undefined || call?.method !== cut.method) return server.send(message)
        armed = undefined
        routing = false
        void cut
          .cut()
          .then(() => route.close())
          .finally(cut.done)
      })
    },
  )
  return {
    cutNext: (method, cut) =>
      new Promise<void>((done) => {
        armed = { method, cut, done }
      }),
  }
}
