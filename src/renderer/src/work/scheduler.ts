/** A piece of the app's background work and how often it is taken up again. */
export interface ScheduledWork {
  name: string
  /** How long after a turn began the next begins (at once after the current one, when later). */
  everyMs: number
  /** One turn: what is due now. Its failure is its own (it says so where it keeps its state). */
  turn: () => Promise<unknown>
  /** The page stops running background work: nothing of this piece may begin here any more. */
  end?: () => void
}

/** Time as the scheduler reads it: a clock that only moves forward, and one timer. */
export interface SchedulerClock {
  now: () => number
  /** Calls `fire` once after `ms`, unless the returned function is called first. */
  after: (ms: number, fire: () => void) => () => void
}

export interface Scheduler {
  /** Takes `name` up again now (once its current turn, if any, is over). */
  wake: (name: string) => void
  /** No turn begins after this, and each piece is ended; a turn under way finishes. */
  stop: () => void
}

/**
 * The page clock of `performance.now()`: the time since the page began, which a wall clock set
 * back or forward does not move, so a change of the computer's time neither silences nor rushes
 * any work.
 */
export const pageClock: SchedulerClock = {
  now: () => performance.now(),
  after: (ms, fire) => {
    const timer = setTimeout(fire, ms)
    return () => clearTimeout(timer)
  },
}

interface Slot {
  work: ScheduledWork
  dueAt: number
  running: boolean
  /** Woken while its turn ran: another turn follows at once. */
  again: boolean
}

/**
 * Takes up every piece of work at once, then each at its own interval, from one timer set for the
 * soonest due. A piece's turns never overlap: one that comes due (or is woken) while its turn runs
 * begins when that one ends, once.
 */
export function startScheduler(
  works: readonly ScheduledWork[],
  clock: SchedulerClock = pageClock,
): Scheduler {
  const slots = new Map<string, Slot>(
    works.map((work) => [work.name, { work, dueAt: clock.now(), running: false, again: false }]),
  )
  let stopped = false
  let cancelTimer = (): void => {}

  const begin = (slot: Slot): void => {
    slot.running = true
    slot.again = false
    slot.dueAt = clock.now() + slot.work.everyMs
    void Promise.resolve()
      .then(() => slot.work.turn())
      .catch(() => undefined)
      .finally(() => {
        slot.running = false
        if (slot.again) slot.dueAt = clock.now()
        plan()
      })
  }

  function plan(): void {
    cancelTimer()
    if (stopped) return
    const now = clock.now()
    let soonest = Infinity
    for (const slot of slots.values()) {
      if (slot.running) continue
      if (slot.dueAt <= now) begin(slot)
      else soonest = Math.min(soonest, slot.dueAt)
    }
    if (soonest !== Infinity) cancelTimer = clock.after(soonest - now, plan)
  }

  plan()
  return {
    wake: (name) => {
      const slot = slots.get(name)
      if (!slot || stopped) return
      if (slot.running) slot.again = true
      else slot.dueAt = clock.now()
      plan()
    },
    stop: () => {
      stopped = true
      cancelTimer()
      for (const { work } of slots.values()) work.end?.()
    },
  }
}
