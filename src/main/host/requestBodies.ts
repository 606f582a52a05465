import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Bytes of request bodies the host holds at once, shared by every call in flight: eight maximal
 * bodies at once would otherwise take the host's memory to several times their size (the text,
 * its parse, the checked input). An eighth of it is kept for small calls (a search, a setting),
 * so that large ones (a backup's chunks, an export's parts) never leave the app unable to answer.
 */
export interface BodyBudget {
  /** Draws `bytes` for a call whose body may be large (`large`) or not. */
  take(bytes: number, large: boolean): boolean
  give(bytes: number): void
}

export function bodyBudget(totalBytes: number): BodyBudget {
  let free = totalBytes
  const keptForSmallCalls = totalBytes / 8
  return {
    take: (bytes, large) => {
      if (bytes > free - (large ? keptForSmallCalls : 0)) return false
      free -= bytes
      return true
    },
    give: (bytes) => {
      free += bytes
    },
  }
}

export type BodyOutcome =
  | { kind: 'read'; text: string }
  /** Over the method's limit: reading stopped there. */
  | { kind: 'tooLarge' }
  /** The shared budget had no room: reading stopped there. */
  | { kind: 'busy' }

/** The largest body that draws on the room kept for small calls. */
const smallBodyBytes = 64 * 1024

/**
 * Reads a body of at most `maxBytes`, counting while reading and drawing every byte from `budget`
 * (the declared length up front, when there is one). What it drew is held until `release`, which
 * the caller calls once the call is answered: the input lives as long as its handler runs.
 */
export async function readBoundedBody(
  request: IncomingMessage,
  maxBytes: number,
  budget: BodyBudget,
): Promise<{ outcome: BodyOutcome; release: () => void }> {
  const large = maxBytes > smallBodyBytes
  let held = 0
  const release = (): void => {
    budget.give(held)
    held = 0
  }
  const refuse = (kind: 'tooLarge' | 'busy'): { outcome: BodyOutcome; release: () => void } => {
    release()
    return { outcome: { kind }, release }
  }
  const declared = Number(request.headers['content-length'])
  if (Number.isSafeInteger(declared)) {
    if (declared > maxBytes) return refuse('tooLarge')
    if (!budget.take(declared, large)) return refuse('busy')
    held = declared
  }
  const chunks: Buffer[] = []
  let size = 0
  // Events, not `for await`: leaving that loop early destroys the socket, and the refusal with it.
  return new Promise((resolve, reject) => {
    const stop = (kind: 'tooLarge' | 'busy'): void => {
      request.off('data', onData)
      request.off('end', onEnd)
      // Nothing more is read: the caller answers, then closes the connection (closeAfterRefusal).
      request.pause()
      resolve(refuse(kind))
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > maxBytes) return stop('tooLarge')
      if (size > held) {
        if (!budget.take(size - held, large)) return stop('busy')
        held = size
      }
      chunks.push(chunk)
    }
    const onEnd = (): void =>
      resolve({
        outcome: { kind: 'read', text: Buffer.concat(chunks, size).toString('utf8') },
        release,
      })
    request.on('data', onData)
    request.once('end', onEnd)
    request.once('error', (error) => {
      release()
      reject(error)
    })
  })
}

/**
 * What a refused connection may still send once its refusal is answered, read and dropped: what
 * was already on its way when the client learnt it was refused.
 */
const lingerBytes = 1024 * 1024
const lingerMs = 2000

/**
 * Closes the connection of a call whose body was refused (too large, or no room for it), rather
 * than reading the rest of a body that may be endless. Once the refusal is sent the host closes its
 * side (nothing more is answered there), then reads and drops at most `lingerBytes`, for at most
 * `lingerMs`, of what the client was still sending, and drops the connection: closing it at once,
 * with the client's bytes unread, would reset it, and a client still sending could lose the
 * refusal before it read it.
 */
export function closeAfterRefusal(request: IncomingMessage, response: ServerResponse): void {
  const { socket } = request
  let dropped = 0
  // Listening to the body also keeps Node from reading the rest of it to reuse the connection.
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > lingerBytes) socket.destroy()
  })
  request.resume()
  response.once('finish', () => {
    socket.end()
    setTimeout(() => socket.destroy(), lingerMs).unref()
  })
}
