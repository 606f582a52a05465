import { bridgeErrorNames, type BridgeReply } from '../../../shared/bridge'
import type { RequestFate } from '../../../shared/bridge/requestsContract'
import type { AttemptJournal, RequestJournal } from '../journal/requestJournal'
import { ServiceError } from '../serviceError'

const failureOf = (error: unknown): BridgeReply<never> => ({
  ok: false,
  error:
    error instanceof ServiceError
      ? error.toBridgeError()
      : {
          name: bridgeErrorNames.internal,
          message:
            'Compliance Desk failed while handling this request after sending it. Look in History before sending it again.',
          mayHaveReachedService: true,
        },
})

/** Whether a reply says the service acted on the request, or may have: then it is never sent again. */
const actedOn = (reply: BridgeReply<unknown>): boolean =>
  reply.ok || reply.error.mayHaveReachedService

const replay = <T>(reply: BridgeReply<unknown>): T => {
  if (reply.ok) return reply.data as T
  const { name, message, ...details } = reply.error
  throw new ServiceError(name, message, details)
}

/** How many request ids this process remembers as acted on after the journal forgot them. */
const actedRemembered = 100_000

/**
 * Requests the renderer named with an id of its own: it may cancel them, and after a reload or a
 * crash ask the journal what became of them. One id is one request, however often it arrives: a
 * page that went away may have sent it just before, and the page after it asked the journal
 * before it arrived ("never sent") and sends it again. A second arrival while the first runs
 * shares its reply; one after the service acted on it gets the reply kept in the journal, or is
 * refused unsent once the journal forgot it. Only a request provably not acted on (a 429, a
 * refused key, a service out of reach) is sent again under its id.
 */
export class RequestRegistry {
  private readonly controllers = new Map<string, AbortController>()
  private readonly running = new Map<string, Promise<unknown>>()
  /** Acted on in this process, oldest first (a Set keeps insertion order). */
  private readonly acted = new Set<string>()

  constructor(private readonly journal: RequestJournal) {}

  async run<T>(
    requestId: string,
    work: (signal: AbortSignal, journal: AttemptJournal) => Promise<T>,
  ): Promise<T> {
    const running = this.running.get(requestId)
    if (running) return running as Promise<T>
    // Only a reply it settled is read here: a start time of now keeps an id it does not know
    // "never sent" rather than "older than the journal".
    const [known] = this.journal.fate([{ requestId, startedAt: new Date().toISOString() }])
    if (known?.state === 'settled' && actedOn(known.reply)) return replay<T>(known.reply)
    if (this.acted.has(requestId)) {
      throw new ServiceError(
        bridgeErrorNames.cancelled,
        'This request was already answered and its answer stored; it was not sent again.',
        { mayHaveReachedService: false },
      )
    }
    const once = this.runOnce(requestId, work)
    this.running.set(requestId, once)
    try {
      return await once
    } finally {
      this.running.delete(requestId)
    }
  }

  /** The renderer has stored these requests' outcomes: the journal may forget them. */
  collect(requestIds: readonly string[]): Promise<number> {
    return this.journal.collect(requestIds)
  }

  private remember(requestId: string, reply: BridgeReply<unknown>): void {
    if (!actedOn(reply)) return
    this.acted.add(requestId)
    if (this.acted.size > actedRemembered) {
      const [oldest] = this.acted
      if (oldest !== undefined) this.acted.delete(oldest)
    }
  }

  private async runOnce<T>(
    requestId: string,
    work: (signal: AbortSignal, journal: AttemptJournal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController()
    this.controllers.set(requestId, controller)
    try {
      const data = await work(controller.signal, this.journal.attempts(requestId))
      this.remember(requestId, { ok: true, data })
      await this.journal.settle(requestId, { ok: true, data })
      return data
    } catch (error) {
      const reply = failureOf(error)
      this.remember(requestId, reply)
      await this.journal.settle(requestId, reply)
      throw error
    } finally {
      this.controllers.delete(requestId)
    }
  }

  /**
   * The journal's word on each request, except that one still running here is in flight even
   * while it waits in the rate limiter's queue, before the journal has heard of it: sending it
   * again then would send it twice.
   */
  fate(requests: ReadonlyArray<{ requestId: string; startedAt: string }>): RequestFate[] {
    return this.journal
      .fate(requests)
      .map((fate) =>
        this.controllers.has(fate.requestId)
          ? { requestId: fate.requestId, state: 'inFlight' }
          : fate,
      )
  }

  cancel(requestId: string): boolean {
    const controller = this.controllers.get(requestId)
    controller?.abort()
    return controller !== undefined
  }
}
