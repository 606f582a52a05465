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

/** What came back to a request that was sent. */
export interface SlotFeedback {
  status?: number
  /** The 429's Retry-After, in seconds. */
  retryAfterS?: number
  /** The failure the caller was given, for a 401, 402, 403 or 429. */
  error?: ServiceError
}

/** Either it leaves now, or the reason it never did. */
export type Departure = { departed: true } | { departed: false; error: ServiceError }

/** A request's turn: journal the attempt, then `depart`, then say what came back with `done`. */
export interface Slot {
  /**
   * Resolves when the request may go on the wire: at once, unless the service asked for a pause
   * in the meantime, or requests delayed on their way (a slow disk under the journal) would leave
   * bunched beyond what the service accepts in one window.
   */
  depart(): Promise<Departure>
  /** Told once, when the attempt is over (answered or not). */
  done(feedback: SlotFeedback): void
}

/** Either a slot, or the reason the request was not sent at all. */
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

/** A request waiting in one of the two queues: for its turn, or (journalled) to leave. */
interface Waiter<T> {
  request: SlotRequest
  settle(result: T): void
}

/** A departure as the queue settles it: the send is on the pace's record before the next goes. */
type Leaving = { departed: true; send: PaceSend } | { departed: false; error: ServiceError }

const stopping = new Set([401, 402, 403])
/** How far behind its schedule the limiter may catch up at once (a busy event loop fires late). */
const catchUpIntervals = 4

/** The same failure, said of a request that never left this machine. */
const notSent = (error: ServiceError, retryAfterS?: number): ServiceError =>
  new ServiceError(error.name, error.message, {
    mayHaveReachedService: false,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
  })

/**
 * One environment's queue to the service. A request waits for its turn (interactive ones first,
 * each class in arrival order), at the pace PaceControl allows and never while the service has
 * asked for a pause (Retry-After); nothing waiting for its turn has gone on the wire. With its
 * turn it is journalled, then departs: at once, or as soon as no window would hold more than the
 * service was seen to accept, and never during a pause.
 *
 * What a waiting request gets instead (as a failure saying it was not sent): `cancelled` if its
 * signal aborts; the same 401/402/403 when a request of the same environment got that answer
 * while it waited (a 401 stops every route, a 402 or 403 only the same route); the 429, with the
 * seconds left, when the service asks for a pause longer than `maxWaitMs`. Requests arriving after
 * such a stop are sent: whoever sends them has seen the failure and decided to try again.
 */
export class EnvironmentRateLimiter {
  private readonly clock: LimiterClock
  private readonly pace: PaceControl
  private readonly maxWaitMs: number
  private readonly turns: Waiter<SlotGrant>[] = []
  private readonly leaving: Waiter<Leaving>[] = []
  /** When the next turn is due; a late timer is caught up by up to `catchUpIntervals`. */
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
      queued: this.turns.length,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : undefined,
      stoppedBy: this.stoppedBy,
    }
  }

  acquire(request: SlotRequest): Promise<SlotGrant> {
    return this.wait(this.turns, request, (error) => ({ granted: false, error }))
  }

  /** Queues `request` in `queue` until `schedule` settles it, or it is cancelled or refused. */
  private wait<T>(
    queue: Waiter<T>[],
    request: SlotRequest,
    refused: (error: ServiceError) => T,
  ): Promise<T> {
    if (request.signal?.aborted) return Promise.resolve(refused(cancelled(false)))
    const tooLong = this.pauseTooLong()
    if (tooLong) return Promise.resolve(refused(tooLong))
    return new Promise<T>((resolve) => {
      const onAbort = (): void => {
        const index = queue.indexOf(waiter)
        if (index !== -1) queue.splice(index, 1)
        resolve(refused(cancelled(false)))
        this.schedule()
      }
      const waiter: Waiter<T> = {
        request,
        settle: (result) => {
          request.signal?.removeEventListener('abort', onAbort)
          resolve(result)
        },
      }
      request.signal?.addEventListener('abort', onAbort, { once: true })
      // Interactive requests go before every background one; each class keeps arrival order.
      const before = queue.findIndex(
        (other) => request.pace === 'interactive' && other.request.pace === 'background',
      )
      queue.splice(before === -1 ? queue.length : before, 0, waiter)
      this.schedule()
    })
  }

  private pauseTooLong(): ServiceError | undefined {
    const left = this.pausedUntil - this.clock.now()
    if (!this.pauseError || left <= this.maxWaitMs) return undefined
    return notSent(this.pauseError, Math.ceil(left / 1000))
  }

  /** Lets go what may go now, then sleeps until the next one may. */
  private schedule(): void {
    this.cancelTimer?.()
    this.cancelTimer = undefined
    const now = this.clock.now()
    let wakeAt = Number.POSITIVE_INFINITY
    for (let head = this.leaving[0]; head; head = this.leaving[0]) {
      const at = Math.max(this.pausedUntil, this.pace.windowAllowsAt(now))
      if (now < at) {
        wakeAt = at
        break
      }
      this.leaving.shift()
      head.settle({ departed: true, send: this.pace.sent(now) })
    }
    // No new turn while a journalled request still waits to leave: turns do not run ahead.
    for (let head = this.turns[0]; head && this.leaving.length === 0; head = this.turns[0]) {
      const at = Math.max(this.pausedUntil, this.nextAt)
      if (now < at) {
        wakeAt = Math.min(wakeAt, at)
        break
      }
      this.turns.shift()
      // A turn a little late (a busy event loop fires timers late) keeps the schedule, so the
      // next may follow at once; after a longer gap the schedule starts again from now.
      const interval = this.pace.intervalMs()
      const onSchedule = now - at <= this.catchUpMs(interval)
      this.nextAt = (onSchedule ? at : now) + interval
      head.settle({ granted: true, slot: this.slotFor(head.request) })
    }
    if (wakeAt === Number.POSITIVE_INFINITY) return
    this.cancelTimer = this.clock.setTimer(wakeAt - now, () => {
      this.cancelTimer = undefined
      this.schedule()
    })
  }

  /**
   * How late a turn may be and still keep the schedule. Once the service's limit is known the
   * departure window holds the line, so up to half a window lost to a stall (a slow disk under
   * the journal, a blocked event loop) is made up; before that, only a few intervals.
   */
  private catchUpMs(interval: number): number {
    return this.pace.view().ceiling === undefined ? catchUpIntervals * interval : 500
  }

  private slotFor(request: SlotRequest): Slot {
    let send: PaceSend | undefined
    let told = false
    return {
      depart: async () => {
        const refused = (error: ServiceError): Leaving => ({ departed: false, error })
        const leaving = await this.wait(this.leaving, request, refused)
        if (!leaving.departed) return leaving
        send = leaving.send
        return { departed: true }
      },
      done: (feedback) => {
        if (told || !send) return
        told = true
        if (feedback.status === 429) return this.limited(send, feedback)
        this.pace.answered(send)
        if (feedback.status && stopping.has(feedback.status) && feedback.error)
          this.stop(request.path, feedback.status, feedback.error)
      },
    }
  }

  private limited(send: PaceSend, feedback: SlotFeedback): void {
    const now = this.clock.now()
    this.pace.limited(send, now)
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
    this.refuseWaiting((request) => status === 401 || request.path === path, notSent(error))
    this.schedule()
  }

  private refuseWaiting(matches: (request: SlotRequest) => boolean, error: ServiceError): void {
    for (const waiter of this.turns.filter((turn) => matches(turn.request))) {
      this.turns.splice(this.turns.indexOf(waiter), 1)
      waiter.settle({ granted: false, error })
    }
    for (const waiter of this.leaving.filter((leaving) => matches(leaving.request))) {
      this.leaving.splice(this.leaving.indexOf(waiter), 1)
      waiter.settle({ departed: false, error })
    }
  }
}
