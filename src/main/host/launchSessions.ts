import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * The browser mode's credentials. The printed address holds a one-time launch code (a code kept
 * in the browser's history, sessions or top sites is spent, so it opens nothing); the page trades
 * it once for a session token in an `HttpOnly`, `SameSite=Strict` cookie, which every tab of that
 * browser then sends (deep links and new tabs work) and no script can read.
 */
export interface LaunchSessions {
  /** A new one-time code for a printed address. */
  issueCode(): string
  /** Trades a code for a session; see `Exchange`. */
  exchange(code: string | undefined, request: IncomingMessage): Exchange
  /** Whether the request carries a session of this launch. */
  holdsSession(request: IncomingMessage): boolean
}

export type Exchange =
  /** The code was good and is now spent: set this cookie. */
  | { kind: 'granted'; setCookie: string }
  /** The code was spent, by this very browser (it holds its session): nothing new is granted. */
  | { kind: 'alreadyHeld' }
  /** The code was spent by an earlier exchange: the address is being replayed. */
  | { kind: 'spent' }
  /** No such code in this launch (one of an earlier launch, or made up). */
  | { kind: 'unknown' }

const newToken = (): string => randomBytes(32).toString('base64url')
/** Held as digests: a lookup by digest tells a timing observer nothing about the tokens. */
const digest = (token: string): string => createHash('sha256').update(token).digest('base64url')

const cookieValue = (request: IncomingMessage, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/**
 * Browsers keep cookies per host, not per port: the name carries the port the request came in on
 * (the host's own), so two data folders' hosts on 127.0.0.1 never overwrite each other's session.
 */
const cookieNameOf = (request: IncomingMessage): string =>
  `compliance-desk-session-${request.socket.localPort}`

export function launchSessions(): LaunchSessions {
  const unusedCodes = new Set<string>()
  const spentCodes = new Set<string>()
  const sessions = new Set<string>()

  const holdsSession = (request: IncomingMessage): boolean => {
    const token = cookieValue(request, cookieNameOf(request))
    return token !== undefined && sessions.has(digest(token))
  }

  return {
    issueCode: () => {
      const code = newToken()
      unusedCodes.add(digest(code))
      return code
    },
    exchange: (code, request) => {
      const key = code === undefined ? '' : digest(code)
      if (unusedCodes.delete(key)) {
        spentCodes.add(key)
        const token = newToken()
        sessions.add(digest(token))
        return {
          kind: 'granted',
          setCookie: `${cookieNameOf(request)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        }
      }
      if (!spentCodes.has(key)) return { kind: 'unknown' }
      return holdsSession(request) ? { kind: 'alreadyHeld' } : { kind: 'spent' }
    },
    holdsSession,
  }
}
