import type { LimiterClock } from '../main/services/api/rateLimiter'

/** A clock that moves only when a test moves it, firing the timers that fall due in order. */
export class FakeLimiterClock implements LimiterClock {
  private time = 0
  private timers: Array<{ at: number; fire: () => void }> = []

  now(): number {
    return this.time
  }

  setTimer(ms: number, fire: () => void): () => void {
    const timer = { at: this.time + Math.max(0, ms), fire }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((other) => other !== timer)
    }
  }

  /** Moves time forward by `ms`, stopping at each timer due (and at what it sets) on the way. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms
    for (;;) {
      await settled()
      const next = this.timers.reduce<{ at: number; fire: () => void } | undefined>(
        (soonest, timer) => (soonest && soonest.at <= timer.at ? soonest : timer),
        undefined,
      )
      if (!next || next.at > until) break
      this.timers = this.timers.filter((timer) => timer !== next)
      this.time = next.at
      next.fire()
    }
    this.time = until
    await settled()
  }
}

/** Lets every promise callback already queued run (a few turns of the microtask queue). */
export const settled = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
}
