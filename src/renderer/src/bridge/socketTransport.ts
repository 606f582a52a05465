import type { BridgeApi, BridgeError, BridgeReply } from '../../../shared/bridge'
import { bridgeReplySchema } from '../../../shared/bridge'
import { bridgeSocketPath, socketMaxFrameBytes } from '../../../shared/bridge/socketFrames'
import { afterSession, failure, unreachable, unreadable } from './httpTransport'

/** The parts of the browser's `WebSocket` the transport uses; a test hands in `ws`'s client. */
export type PageSocket = Pick<
  WebSocket,
  'readyState' | 'OPEN' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose'
>

export interface SocketTransportOptions {
  /** The host's origin; the page's own when it was served by the host. */
  origin: string
  /** Settles once the launch code was traded (null) or refused (why); absent when there was none. */
  session?: Promise<BridgeError | null>
  /**
   * What carries the calls the socket does not: inputs too large for a frame, and calls made while
   * no socket opens (nothing was sent on it, and HTTP says why: a refused session, a host gone).
   */
  http: BridgeApi
  openSocket?: (url: string) => PageSocket
}

type Settle = (reply: BridgeReply<unknown>) => void

interface Connection {
  socket: PageSocket
  pending: Map<number, Settle>
}

const frameBytes = (frame: string): number =>
  // A character is at least one byte: only a frame near the line needs counting.
  frame.length > socketMaxFrameBytes ? frame.length : new TextEncoder().encode(frame).length

const socketUrlOf = (origin: string): string => {
  const url = new URL(bridgeSocketPath, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** An answer's id, and its reply if readable; null when the frame names no call. */
const readAnswer = (data: unknown): { id: number; reply: BridgeReply<unknown> | null } | null => {
  if (typeof data !== 'string') return null
  let frame: unknown
  try {
    frame = JSON.parse(data)
  } catch {
    return null
  }
  if (typeof frame !== 'object' || frame === null || !('id' in frame)) return null
  const { id } = frame
  if (typeof id !== 'number') return null
  const reply = bridgeReplySchema.safeParse('reply' in frame ? frame.reply : undefined)
  return { id, reply: reply.success ? reply.data : null }
}

/**
 * The browser mode's transport for calls: small ones on one socket to the host (see
 * `bridgeSocketPath`), the rest by HTTP. A socket that closes with calls on it fails each of them
 * as a host gone mid-call (it may have served them), and the next call opens another.
 */
export function socketTransport({
  origin,
  session,
  http,
  openSocket = (url) => new WebSocket(url),
}: SocketTransportOptions): BridgeApi {
  let connection: Promise<Connection | null> | undefined
  let nextId = 0

  const connect = (): Promise<Connection | null> => {
    const attempt = new Promise<Connection | null>((resolve) => {
      let socket: PageSocket
      try {
        socket = openSocket(socketUrlOf(origin))
      } catch {
        return resolve(null)
      }
      const pending = new Map<number, Settle>()
      let opened = false
      const drop = (): void => {
        if (connection === attempt) connection = undefined
        for (const settle of pending.values()) settle(failure(unreachable()))
        pending.clear()
      }
      socket.onopen = () => {
        opened = true
        resolve({ socket, pending })
      }
      socket.onmessage = (event: { data: unknown }) => {
        const answer = readAnswer(event.data)
        // A frame naming no call leaves its call without an answer: only closing settles them all.
        if (answer === null) return socket.close()
        const settle = pending.get(answer.id)
        pending.delete(answer.id)
        settle?.(answer.reply ?? failure(unreadable('a frame on its socket')))
      }
      socket.onclose = () => {
        drop()
        if (!opened) resolve(null)
      }
    })
    // A socket that never opened is not kept: the next call tries again.
    void attempt.then((open) => {
      if (open === null && connection === attempt) connection = undefined
    })
    return attempt
  }

  return afterSession(session, async (method, input) => {
    const id = nextId
    nextId += 1
    const frame = JSON.stringify({ id, method, input: input ?? {} })
    if (frameBytes(frame) > socketMaxFrameBytes) return http.invoke(method, input as never)
    const open = await (connection ??= connect())
    if (open === null || open.socket.readyState !== open.socket.OPEN) {
      return http.invoke(method, input as never)
    }
    return new Promise<BridgeReply<unknown>>((resolve) => {
      open.pending.set(id, resolve)
      open.socket.send(frame)
    })
  })
}
