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

/**
 * Requests the renderer named with an id of its own: it may cancel them, and after a reload or a
 * crash ask the journal what became of them.
 */
export class RequestRegistry {
  private readonly controllers = new Map<string, AbortController>()

  constructor(private readonly journal: RequestJournal) {}

  async run<T>(
    requestId: string,
    work: (signal: AbortSignal, journal: AttemptJournal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController()
    this.controllers.set(requestId, controller)
    try {
      const data = await work(controller.signal, this.journal.attempts(requestId))
      await this.journal.settle(requestId, { ok: true, data })
      return data
    } catch (error) {
      await this.journal.settle(requestId, failureOf(error))
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
