import type { AttemptJournal } from '../journal/requestJournal'
import { ServiceError } from '../serviceError'

/** Wraps a request's attempt journal so the check is counted before it first goes on the wire. */
export type CountAttempts = (journal: AttemptJournal) => AttemptJournal

/** One check's account with the allowance it is billed against. */
export interface CheckLedger {
  /** Names the allowance: checks waiting under one key hold places under one cap. */
  key: string
  /** Throws the refusal (nothing sent) when the count plus `waiting` admitted checks is at the cap. */
  admit(waiting: number): void
  /**
   * Counts this check: in memory at once, so checks admitted meanwhile see it, then on disk. When
   * the count cannot reach the disk the check is not sent, and this rejects with a `StorageError`
   * that says so.
   */
  spend(): Promise<void>
  /** Takes this check off the count again. */
  giveBack(): Promise<void>
}

/** Only an answer that says nothing was done, or no attempt at all, gives a counted check back. */
const provablyNotActedOn = (error: unknown): boolean =>
  error instanceof ServiceError && !error.mayHaveReachedService

export type CountedSend = <T>(
  ledger: CheckLedger,
  work: (count: CountAttempts) => Promise<T>,
) => Promise<T>

/**
 * How every capped billed check is sent: admitted under its cap before it is queued, holding its
 * place while it waits in the rate limiter (so checks sent at once cannot overshoot), counted just
 * before its first attempt goes on the wire, and given back when the service provably did not act
 * on it. Not given back when that fails: a check that stays counted is the safe side of a budget.
 */
export function createCountedSend(): CountedSend {
  /** Admitted checks waiting in the rate limiter, by allowance: counted against the cap, not spent. */
  const waiting = new Map<string, number>()
  const held = (key: string): number => waiting.get(key) ?? 0

  return async (ledger, work) => {
    ledger.admit(held(ledger.key))
    waiting.set(ledger.key, held(ledger.key) + 1)
    let waits = true
    const stopWaiting = (): void => {
      if (waits) waiting.set(ledger.key, held(ledger.key) - 1)
      waits = false
    }
    let spent = false
    const counting: CountAttempts = (journal) => ({
      beforeAttempt: async (attempt) => {
        if (!spent) {
          spent = true
          stopWaiting()
          await ledger.spend()
        }
        await journal.beforeAttempt(attempt)
      },
      notSent: (attempt) => journal.notSent(attempt),
    })
    try {
      return await work(counting)
    } catch (error) {
      if (spent && provablyNotActedOn(error)) await ledger.giveBack().catch(() => {})
      throw error
    } finally {
      stopWaiting()
      if (held(ledger.key) === 0) waiting.delete(ledger.key)
    }
  }
}
