import {
  bridgeErrorNames,
  bridgeHttpPathPrefix,
  bridgeReplySchema,
  launchCodeHeader,
  launchCodeParameter,
  launchSessionPath,
  type BridgeApi,
  type BridgeError,
  type BridgeOutput,
  type BridgeReply,
  type BridgeMethod,
} from '../../../shared/bridge'

/** The parts of `Location` and `History` the launch code's hand-over uses. */
export interface LaunchCodeSources {
  location: { pathname: string; search: string; hash: string }
  history: { replaceState(data: null, unused: string, url: string): void }
}

/**
 * The browser mode's printed address carries a one-time launch code. It is taken out of the
 * address at once (before the router reads it), so the address bar, and what the browser keeps of
 * it from now on, holds no code; a code it kept from the first load is spent anyway.
 */
export function takeLaunchCode({ location, history }: LaunchCodeSources): string | null {
  const query = new URLSearchParams(location.search)
  const code = query.get(launchCodeParameter)
  if (code === null) return null
  query.delete(launchCodeParameter)
  const rest = query.toString()
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`)
  return code
}

export const failure = (error: BridgeError): BridgeReply<never> => ({ ok: false, error })

export const unreachable = (): BridgeError => ({
  name: bridgeErrorNames.hostUnreachable,
  message:
    'Compliance Desk’s background process is not answering. Restart it with `npm start`; cached data stays readable.',
  mayHaveReachedService: true,
})

/** Sends the launch code once, for the session cookie the host sets (no script can read it). */
export const requestSession = (origin: string, code: string): Promise<Response> =>
  fetch(new URL(launchSessionPath, origin), {
    method: 'POST',
    headers: { [launchCodeHeader]: code },
  })

/** Trades the launch code for this browser's session: null once held, else why not. */
export async function openSession(origin: string, code: string): Promise<BridgeError | null> {
  let response: Response
  try {
    response = await requestSession(origin, code)
  } catch {
    return { ...unreachable(), mayHaveReachedService: false }
  }
  const reply = bridgeReplySchema.safeParse(await response.json().catch(() => null))
  if (reply.success && !reply.data.ok) return reply.data.error
  return response.ok ? null : unreadable(`HTTP ${response.status}`)
}

/** `how` says what came back: an HTTP status, or a frame on the page's socket. */
export const unreadable = (how: string): BridgeError => ({
  name: bridgeErrorNames.unreadableReply,
  message: `Compliance Desk’s background process sent an unreadable answer (${how}).`,
  mayHaveReachedService: true,
})

export interface HttpTransportOptions {
  /** The host's origin; the page's own when it was served by the host. */
  origin: string
  /** Settles once the launch code was traded (null) or refused (why); absent when there was none. */
  session?: Promise<BridgeError | null>
  /**
   * Sent with every call. A browser sends its session cookie itself; a caller outside one (a test,
   * a bench) passes it here.
   */
  headers?: Readonly<Record<string, string>>
}

/**
 * The browser mode's transport. The host's answers carry their own error; this adds only what
 * the host cannot say: that the page's launch code was refused, or that the host never answered
 * readably. When the host may have received the call, the service may have too.
 */
export function httpTransport({ origin, session, headers = {} }: HttpTransportOptions): BridgeApi {
  return afterSession(session, async (method, input) => {
    let response: Response
    try {
      response = await fetch(new URL(`${bridgeHttpPathPrefix}${method}`, origin), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      })
    } catch {
      // A failed fetch does not say whether the call left: the host may have received it.
      return failure(unreachable())
    }
    const reply = bridgeReplySchema.safeParse(await response.json().catch(() => null))
    return reply.success ? reply.data : failure(unreadable(`HTTP ${response.status}`))
  })
}

/** How a transport carries one call to the main side and back. */
export type SendCall = (method: BridgeMethod, input: unknown) => Promise<BridgeReply<unknown>>

/**
 * A transport's calls: each waits for the page's session and is refused as it was, then `send`
 * carries it. The main side validated each answer's `data` against its method's output schema
 * before sending it.
 */
export const afterSession = (
  session: Promise<BridgeError | null> | undefined,
  send: SendCall,
): BridgeApi => ({
  async invoke<M extends BridgeMethod>(
    method: M,
    input: unknown,
  ): Promise<BridgeReply<BridgeOutput<M>>> {
    const refused = await session
    if (refused) return failure(refused)
    return (await send(method, input)) as BridgeReply<BridgeOutput<M>>
  },
})
