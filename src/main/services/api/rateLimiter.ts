import type { Pace } from '../../../shared/bridge/cryptoContract'
import { ServiceError } from '../serviceError'
import { cancelled } from './apiErrors'
import {
  PaceControl,
  defaultPaceSettings,
  type PaceSend,
  type PaceSettings,
  type PaceView,
} from './paceControl'

export type { Pace }

/** Time as the limiter sees it: injected, so tests move it instead of waiting. */
export interface LimiterClock {
  /** Milliseconds on a monotonic clock. */
  now(): number
  /** Calls `fire` after `ms`; returns a function that cancels it. */
  setTimer(ms: number, fire: () => void): () => void
}

export const systemClock: LimiterClock = {
  now: () => performance.now(),
  setTimer: (ms, fire) => {
    const timer = setTimeout(fire, ms)
    return () => clearTimeout(timer)
  },
}

export interface SlotRequest {
  pace: Pace
  /** The route: a 402 or 403 stops only the requests waiting for the same one. */
  path: string
  signal?: AbortSignal
}

/** What came back to a request that was let through. */
export interface SlotFeedback {
  status?: number
  /** The 429's Retry-After, in seconds. */
  retryAfterS?: number
  /** The failure the caller was given, for a 401, 402, 403 or 429. */
  error?: ServiceError
}

export interface Slot {
  /** Told once, when the attempt is over (answered or not). */
  done(feedback: SlotFeedback): void
}

/** Either a slot to send now, or the reason the request was not sent at all. */
export type SlotGrant = { granted: true; slot: Slot } | { granted: false; error: ServiceError }

export interface LimiterView extends PaceView {
  queued: number
  /** Until when (clock ms) nothing is sent, after a Retry-After. */
  pausedUntil: number | undefined
  /** The last 401, 402 or 403: the requests waiting at that moment were not sent. */
  stoppedBy: { status: number; name: string; path: string; at: number } | undefined
}

export interface RateLimiterOptions {
  clock?: LimiterClock
  pace?: PaceSettings
  /**
   * A pause longer than this (the retry policy's longest Retry-After) is not waited out: requests
   * waiting or arriving during it get the 429's failure, not sent, with the seconds left.
   */
  maxWaitMs?: number
}

interface Waiter {
  seq: number
  request: SlotRequest
  grant(result: SlotGrant): void
}

const stopping = new Set([401, 402, 403])

/** The same failure, said of a request that never left this machine. */
const notSent = (error: ServiceError, retryAfterS?: number): ServiceError =>
  new ServiceError(error.name, error.message, {
    mayHaveReachedService: false,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
  })

/**
 * One environment's queue to the service. A request waits here until its turn (interactive ones
 * first, each class in arrival order), at the pace PaceControl allows, and never while the service
 * has asked, with Retry-After, for a pause. Nothing waiting here has gone on the wire: it is
 * granted a slot immediately before it is journalled and sent.
 *
 * What a waiting request gets instead of a slot: `cancelled` (not sent) if its signal aborts; the
 * same 401/402/403 (not sent) when a request of the same environment got that answer while it
 * waited (a 401 stops every route; a 402 or 403 only the same route); the 429 (not sent, with the
 * seconds left) when the service asks for a pause longer than `maxWaitMs`. Requests arriving after
 * such a stop are sent: whoever sends them has seen the failure and decided to try again.
 */
export class EnvironmentRateLimiter {
  private readonly clock: LimiterClock
  private readonly pace: PaceControl
  private readonly maxWaitMs: number
  private readonly queue: Waiter[] = []
  private seq = 0
  /** Theoretical time of the next send; a send may run a quarter interval early (timer lateness). */
  private nextAt = Number.NEGATIVE_INFINITY
  private pausedUntil = Number.NEGATIVE_INFINITY
  private pauseError: ServiceError | undefined
  private stoppedBy: LimiterView['stoppedBy']
  private cancelTimer: (() => void) | undefined

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock
    this.pace = new PaceControl(options.pace ?? defaultPaceSettings)
    this.maxWaitMs = options.maxWaitMs ?? 10_000
  }

  view(): LimiterView {
    const now = this.clock.now()
    return {
      ...this.pace.view(),
      queued: this.queue.length,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : undefined,
      stoppedBy: this.stoppedBy,
    }
  }

  acquire(request: SlotRequest): Promise<SlotGrant> {
    if (request.signal?.aborted) return Promise.resolve({ granted: false, error: cancelled(false) })
    const tooLong = this.pauseTooLong()
    if (tooLong) return Promise.resolve({ granted: false, error: tooLong })
    return new Promise<SlotGrant>((resolve) => {
      const onAbort = (): void => {
        if (this.remove(waiter)) resolve({ granted: false, error: cancelled(false) })
        this.schedule()
      }
      const waiter: Waiter = {
        seq: (this.seq += 1),
        request,
        grant: (result) => {
          request.signal?.removeEventListener('abort', onAbort)
          resolve(result)
        },
      }
      request.signal?.addEventListener('abort', onAbort, { once: true })
      // Interactive requests go before every background one; each class keeps arrival order.
      const before = this.queue.findIndex(
        (other) => request.pace === 'interactive' && other.request.pace === 'background',
      )
      this.queue.splice(before === -1 ? this.queue.length : before, 0, waiter)
      this.schedule()
    })
  }

  private remove(waiter: Waiter): boolean {
    const index = this.queue.indexOf(waiter)
    if (index === -1) return false
    this.queue.splice(index, 1)
    return true
  }

  private pauseTooLong(): ServiceError | undefined {
    const left = this.pausedUntil - this.clock.now()
    if (!this.pauseError || left <= this.maxWaitMs) return undefined
    return notSent(this.pauseError, Math.ceil(left / 1000))
  }

  /** Sends what may be sent now, then sleeps until the next one may go. */
  private schedule(): void {
    this.cancelTimer?.()
    this.cancelTimer = undefined
    for (;;) {
      const head = this.queue[0]
      if (!head) return
      const now = this.clock.now()
      const tolerance = this.pace.intervalMs() / 4
      const allowedAt = Math.max(this.pausedUntil, this.nextAt - tolerance)
      if (now < allowedAt) {
        this.cancelTimer = this.clock.setTimer(allowedAt - now, () => {
          this.cancelTimer = undefined
          this.schedule()
        })
        return
      }
      this.queue.shift()
      const pressed = this.queue.length > 0
      const send = this.pace.sent(now)
      this.nextAt = Math.max(this.nextAt, now) + this.pace.intervalMs()
      let told = false
      head.grant({
        granted: true,
        slot: {
          done: (feedback) => {
            if (told) return
            told = true
            if (feedback.status === 429) this.limited(send, pressed, feedback)
            else if (feedback.status && stopping.has(feedback.status) && feedback.error)
              this.stop(head.request.path, feedback.status, feedback.error)
          },
        },
      })
    }
  }

  private limited(send: PaceSend, pressed: boolean, feedback: SlotFeedback): void {
    const now = this.clock.now()
    this.pace.limited(send, pressed, now)
    const until = now + (feedback.retryAfterS ?? 1) * 1000
    if (until > this.pausedUntil) {
      this.pausedUntil = until
      this.pauseError = feedback.error
      this.pace.paused(until)
    }
    this.nextAt = Math.max(this.nextAt, this.pausedUntil)
    const tooLong = this.pauseTooLong()
    if (tooLong) this.refuseWaiting(() => true, tooLong)
    this.schedule()
  }

  private stop(path: string, status: number, error: ServiceError): void {
    this.stoppedBy = { status, name: error.name, path, at: this.clock.now() }
    const refusal = notSent(error)
    this.refuseWaiting((waiter) => status === 401 || waiter.request.path === path, refusal)
    this.schedule()
  }

  private refuseWaiting(matches: (waiter: Waiter) => boolean, error: ServiceError): void {
    for (const waiter of this.queue.filter(matches)) {
      this.remove(waiter)
      waiter.grant({ granted: false, error })
    }
  }
}
