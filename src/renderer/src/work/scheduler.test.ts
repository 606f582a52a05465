import { describe, expect, it } from 'vitest'
import { startScheduler, type ScheduledWork, type SchedulerClock } from './scheduler'

/** A clock moved by the test, with the scheduler's one timer. */
function testClock() {
  let now = 0
  let timer: { at: number; fire: () => void } | undefined
  const clock: SchedulerClock = {
    now: () => now,
    after: (ms, fire) => {
      const set = { at: now + ms, fire }
      timer = set
      return () => {
        if (timer === set) timer = undefined
      }
    },
  }
  return {
    clock,
    pending: () => timer,
    /** Moves time on to `to`, firing the timer whenever it comes due, and lets turns settle. */
    async advance(to: number) {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        if (!timer || timer.at > to) break
        now = timer.at
        const { fire } = timer
        timer = undefined
        fire()
      }
      now = to
    },
  }
}

/** Work whose turns are recorded, and held open until released when `hold` is set. */
function recorded(name: string, everyMs: number, log: string[], hold?: { open: boolean }) {
  const releases: Array<() => void> = []
  const work: ScheduledWork = {
    name,
    everyMs,
    turn: () => {
      log.push(name)
      return hold?.open ? new Promise<void>((resolve) => releases.push(resolve)) : Promise.resolve()
    },
    end: () => log.push(`${name} ended`),
  }
  return { work, release: () => releases.splice(0).forEach((release) => release()) }
}

describe('the one scheduler of background work', () => {
  it('takes every piece up at once, then each at its own interval, from one timer', async () => {
    const time = testClock()
    const log: string[] = []
    const scheduler = startScheduler(
      [recorded('outbox', 5, log).work, recorded('watches', 60, log).work],
      time.clock,
    )
    await time.advance(0)
    expect(log).toEqual(['outbox', 'watches'])
    await time.advance(59)
    expect(log.filter((name) => name === 'outbox')).toHaveLength(12)
    expect(log.filter((name) => name === 'watches')).toHaveLength(1)
    await time.advance(60)
    expect(log.filter((name) => name === 'watches')).toHaveLength(2)
    scheduler.stop()
    expect(log.slice(-2)).toEqual(['outbox ended', 'watches ended'])
    await time.advance(600)
    expect(time.pending()).toBeUndefined()
    expect(log.filter((name) => name === 'outbox')).toHaveLength(13)
  })

  it('never overlaps a piece’s turns: one woken or due meanwhile follows once, when it ends', async () => {
    const time = testClock()
    const log: string[] = []
    const hold = { open: true }
    const bulk = recorded('bulk', 5, log, hold)
    const scheduler = startScheduler([bulk.work], time.clock)
    await time.advance(0)
    scheduler.wake('bulk')
    scheduler.wake('bulk')
    await time.advance(30)
    expect(log).toEqual(['bulk'])
    hold.open = false
    bulk.release()
    await time.advance(30)
    expect(log).toEqual(['bulk', 'bulk'])
    scheduler.stop()
  })

  it('goes on after a turn that failed', async () => {
    const time = testClock()
    let turns = 0
    const scheduler = startScheduler(
      [
        {
          name: 'failing',
          everyMs: 5,
          turn: () => {
            turns += 1
            throw new Error('the host is not answering')
          },
        },
      ],
      time.clock,
    )
    await time.advance(10)
    expect(turns).toBe(3)
    scheduler.stop()
  })
})
