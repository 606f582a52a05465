import { AsyncLocalStorage } from 'node:async_hooks'

export interface TeamConnectionGate {
  /** `call`, kept from overlapping an end: it waits for one under way, and an end waits for it. */
  calls<A extends unknown[], T>(call: (...args: A) => Promise<T>): (...args: A) => Promise<T>
  /**
   * Runs `work` (a leave, a close) once no call is under way, or once `waitAtMostMs` have passed
   * (what is still under way then goes on without it); calls arriving meanwhile wait. It calls no
   * gated function: that would wait for `work` itself.
   */
  ends(work: () => Promise<void>, options?: { waitAtMostMs?: number }): Promise<void>
}

/**
 * Calls on the desk's team connection and the ends of that connection never overlap. An end waits
 * for the calls under way, so a write that has begun is kept rather than failing on a closed
 * database; calls arriving meanwhile wait for the end, then find the desk as it left it, rather
 * than opening the connection again (and a replication nothing would stop) while it closes. A call
 * made from within one under way (a write's vetting reads its scope) is part of that one.
 */
export function teamConnectionGate(): TeamConnectionGate {
  const within = new AsyncLocalStorage<true>()
  let underWay = 0
  let noneUnderWay: (() => void) | null = null
  let ending: Promise<void> | null = null

  return {
    calls:
      (call) =>
      async (...args) => {
        if (within.getStore()) return call(...args)
        while (ending) await ending.catch(() => undefined)
        underWay += 1
        try {
          return await within.run(true, () => call(...args))
        } finally {
          underWay -= 1
          if (underWay === 0) noneUnderWay?.()
        }
      },
    ends: (work, { waitAtMostMs } = {}) => {
      const run = (ending ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          if (underWay > 0) {
            let giveUp: ReturnType<typeof setTimeout> | undefined
            await new Promise<void>((resolve) => {
              noneUnderWay = resolve
              if (waitAtMostMs !== undefined) giveUp = setTimeout(resolve, waitAtMostMs)
            })
            clearTimeout(giveUp)
          }
          noneUnderWay = null
          await work()
        })
      const ended: Promise<void> = run.finally(() => {
        if (ending === ended) ending = null
      })
      ending = ended
      return ended
    },
  }
}
