/**
 * How fast one environment may be sent to: additive increase, multiplicative decrease, learning
 * the service's limit from its 429 answers. Pure bookkeeping on times the caller passes in (ms on
 * one monotonic clock); the queue and its timers are the rate limiter's.
 */
export interface PaceSettings {
  /** Requests per second before anything is known of the service's limit. */
  initialRate: number
  /** Before the first 429 the rate doubles every this many ms of sending ("slow start"). */
  doublingMs: number
  /** Never faster than this, whatever was learned. */
  maxRate: number
  /** Never slower than this, whatever went wrong. */
  minRate: number
  /** Multiplicative decrease on a 429. */
  decrease: number
  /** The ceiling sits this far under the rate the service was seen to accept. */
  margin: number
  /** Additive increase back to the ceiling, as a share of the ceiling per second of sending. */
  increase: number
  /** After this long without a 429 the ceiling itself creeps up, in case the limit was raised. */
  probeAfterMs: number
  /** The creep, as a share of the ceiling per second of sending. */
  probe: number
  /** The window over which the accepted rate is counted when a 429 comes back. */
  windowMs: number
  /** Fewer requests accepted in that window than this teach nothing about the limit. */
  minEvidence: number
}

export const defaultPaceSettings: PaceSettings = {
  initialRate: 10,
  doublingMs: 100,
  maxRate: 10_000,
  minRate: 1,
  decrease: 0.7,
  margin: 0.98,
  increase: 0.1,
  probeAfterMs: 60_000,
  probe: 0.02,
  windowMs: 1000,
  minEvidence: 5,
}

/** One request let through, as the pace remembers it. */
export interface PaceSend {
  at: number
  answered: boolean
  limited: boolean
}

/** A 429 whose lesson waits for the answers to everything sent before it came back. */
interface Lesson {
  from: number
  until: number
  rateBefore: number
}

export interface PaceView {
  rate: number
  /** Undefined until a 429 taught the limiter where the service's limit lies. */
  ceiling: number | undefined
}

export class PaceControl {
  private rate: number
  private ceiling: number | undefined
  private lastSendAt: number | undefined
  /** Requests sent at or before this time were answered by a rate already cut. */
  private cutAt = Number.NEGATIVE_INFINITY
  private pausedUntil = Number.NEGATIVE_INFINITY
  private readonly sends: PaceSend[] = []
  private lesson: Lesson | undefined
  /** The ceiling came from slow start: the next lesson replaces it. */
  private provisional = false

  constructor(private readonly settings: PaceSettings = defaultPaceSettings) {
    this.rate = settings.initialRate
  }

  view(): PaceView {
    return { rate: this.rate, ceiling: this.ceiling }
  }

  /** Milliseconds between two sends at the current rate. */
  intervalMs(): number {
    return 1000 / this.rate
  }

  /**
   * The earliest time a request may leave so that no window holds more than the ceiling allows:
   * catching up after a late timer may bunch sends, never beyond what the service accepted.
   */
  windowAllowsAt(now: number): number {
    if (this.ceiling === undefined) return now
    const budget = Math.max(1, Math.floor((this.ceiling * this.settings.windowMs) / 1000))
    const inWindow = this.sends.filter((send) => send.at > now - this.settings.windowMs)
    if (inWindow.length < budget) return now
    return (inWindow[inWindow.length - budget]?.at ?? now) + this.settings.windowMs
  }

  /** A request leaves now; the rate grows with the time spent sending. Returns its record. */
  sent(now: number): PaceSend {
    const { settings } = this
    const busyMs = Math.min(now - (this.lastSendAt ?? now), settings.windowMs)
    this.lastSendAt = now
    if (this.ceiling === undefined) {
      this.rate = Math.min(settings.maxRate, this.rate * 2 ** (busyMs / settings.doublingMs))
    } else {
      if (now - this.cutAt > settings.probeAfterMs) {
        this.ceiling = Math.min(
          settings.maxRate,
          this.ceiling * (1 + (settings.probe * busyMs) / 1000),
        )
      }
      const step = (this.ceiling * settings.increase * busyMs) / 1000
      this.rate = Math.min(this.ceiling, this.rate + step)
    }
    const send = { at: now, answered: false, limited: false }
    this.sends.push(send)
    while ((this.sends[0]?.at ?? now) < now - 2 * settings.windowMs) this.sends.shift()
    return send
  }

  /** The service paused this environment until `until` (its Retry-After). */
  paused(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until)
  }

  /** The answer to `send` came back (a 429 is told with `limited` first). */
  answered(send: PaceSend): void {
    send.answered = true
    this.learn()
  }

  /**
   * A 429 answered the request sent as `send`. Once per cut (answers to requests sent before the
   * last cut were caused by the rate before it) the rate is cut at once, multiplicatively, and
   * the service's limit is learnt once every request sent before this answer has its own: the
   * requests it accepted over the window before the refused one (since the last pause, which
   * emptied the service's window) and those that overtook it on the way.
   */
  limited(send: PaceSend, now: number): void {
    send.limited = true
    send.answered = true
    if (send.at <= this.cutAt) return
    this.cutAt = now
    const { settings } = this
    this.lesson = {
      from: Math.max(send.at - settings.windowMs, this.pausedUntil),
      until: now,
      rateBefore: this.rate,
    }
    this.rate = Math.max(settings.minRate, this.rate * settings.decrease)
    if (this.ceiling !== undefined) this.rate = Math.min(this.rate, this.ceiling)
    this.learn()
  }

  /**
   * Too few accepted requests say nothing (a lone search refused because another client used the
   * workspace's allowance). The first lesson, from slow start, is provisional (a window that
   * spanned the ramp may count requests the service counted in its previous window): the next one
   * replaces it. After that a 429 at fewer requests than the ceiling was learnt from lowers it one
   * margin at a time, as requests bunched on the way (a stall) look just the same as another
   * client taking a share. A limit under the rate that met the 429 becomes the rate; otherwise
   * the multiplicative cut stands.
   */
  private learn(): void {
    const { lesson, settings } = this
    if (!lesson) return
    const sent = this.sends.filter((other) => other.at >= lesson.from && other.at < lesson.until)
    if (sent.some((other) => !other.answered)) return
    this.lesson = undefined
    const accepted = sent.filter((other) => !other.limited).length
    if (accepted < settings.minEvidence) return
    const measured = Math.max(settings.minRate, accepted * settings.margin)
    const learnt = this.ceiling === undefined || this.provisional || measured >= this.ceiling
    this.provisional = this.ceiling === undefined
    this.ceiling = learnt ? measured : Math.max(measured, this.ceiling! * settings.margin)
    if (learnt && this.ceiling < lesson.rateBefore) this.rate = this.ceiling
    else this.rate = Math.min(this.rate, this.ceiling)
  }
}
