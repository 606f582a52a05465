import { bridgeErrorNames, bridgeErrorNameSchema } from '../../../shared/bridge'
import type { BulkCheck } from '../../../shared/bulk/bulkJob'
import { countOf, noun } from '../../../shared/text/counting'
import { nextStepAfter, obstacleAdvice, type SendFailure } from '../data/requests/failurePolicy'
import type { CheckRecord, StoredCheck } from '../data/checks/checkRepository'

/** What a failed send means for the job and for its address. */
export type SendVerdict =
  /** The app's own host stopped mid-call: only the journal can say; recovery settles it. */
  | { kind: 'recover' }
  /** Provably not sent, and worth sending again later (offline, rate limited). */
  | { kind: 'wait'; waiting: string; ms: number }
  /** Not sent; the job stops until a person acts. */
  | { kind: 'stop'; reason: (done: number) => string }
  /**
   * Not sent: the main side refused it on the job's cap (reached, or none on record); the job
   * stops, once the checks already on their way are back, until a person sets a higher cap.
   */
  | { kind: 'cap'; reason: (pending: number, budget: number | null) => string }
  | { kind: 'settle'; state: 'failed' | 'unknown'; error: string }

const checksDone = (done: number): string =>
  `${countOf(done, noun('check'))} done so far ${done === 1 ? 'is' : 'are'} kept`

/** The job's words for the one policy's next step (see failurePolicy). */
export function verdictOnFailure(failure: SendFailure): SendVerdict {
  const step = nextStepAfter(failure)
  switch (step.kind) {
    case 'recover':
      return step
    case 'wait':
      return {
        kind: 'wait',
        waiting:
          step.why === 'slowDown'
            ? 'The service asked to slow down.'
            : 'Waiting for the service: it cannot be reached. The job goes on by itself when it is back.',
        ms: step.ms,
      }
    case 'stop': {
      const { why, then } = obstacleAdvice[step.obstacle]
      return {
        kind: 'stop',
        reason: (done) =>
          `${why}, so the job stopped (${checksDone(done)}). ${then}, then resume the job.`,
      }
    }
    case 'cap':
      return {
        kind: 'cap',
        reason: (pending, budget) =>
          failure.name === bridgeErrorNames.budgetReached && budget !== null
            ? `The budget cap of ${budget} billed checks is reached: ${pending} addresses were not sent. Raise the cap to go on.`
            : failure.message,
      }
    case 'settle':
      return step.outcome === 'unknown'
        ? {
            kind: 'settle',
            state: 'unknown',
            error: `Outcome unknown — may have been billed. ${failure.message}`,
          }
        : { kind: 'settle', state: 'failed', error: failure.message }
  }
}

const holderOf = (check: StoredCheck): string | undefined => {
  for (const records of Object.values(check.check.categories)) {
    for (const record of records) {
      const alias = (record as { alias?: unknown }).alias
      if (Array.isArray(alias) && typeof alias[0] === 'string') return alias[0]
      const name = (record as { name?: unknown }).name
      if (typeof name === 'string') return name
    }
  }
  return undefined
}

/** A bulk address's outcome as its record in History says; undefined while it is pending. */
export function outcomeOfRecord(
  record: CheckRecord,
): Pick<BulkCheck, 'state' | 'checkedAt' | 'hits' | 'categories' | 'holder' | 'error'> | undefined {
  if (record.outcome === 'pending') return undefined
  if (record.outcome === 'succeeded') {
    const holder = holderOf(record)
    return {
      state: 'done',
      checkedAt: record.fetchedAt,
      hits: record.totalEntity,
      categories: record.hitCategories,
      ...(holder ? { holder } : {}),
    }
  }
  const error = record.error?.message ?? 'It did not complete.'
  return record.outcome === 'unknown'
    ? {
        state: 'unknown',
        checkedAt: record.fetchedAt,
        error: `Outcome unknown — may have been billed. ${error}`,
      }
    : { state: 'failed', checkedAt: record.fetchedAt, error }
}

/**
 * A failed record whose address is to be sent again: nothing left (recovery's "not sent"), or it
 * was refused unsent for a reason that passes or that a person can fix (a rate limit, a service
 * out of reach, a cap, a key or a balance). A reply to a page that reloaded is only seen by
 * recovery, which must not make such an address failed for good: the job sends it again, and
 * stops there if the reason stands.
 */
export const mayBeSentAgain = (record: CheckRecord): boolean => {
  if (record.outcome !== 'failed' || !record.error) return false
  const name = bridgeErrorNameSchema.safeParse(record.error.name)
  if (!name.success) return false
  if (name.data === bridgeErrorNames.cancelled) return true
  const step = nextStepAfter({ ...record.error, name: name.data, mayHaveReachedService: false })
  return step.kind !== 'settle' && step.kind !== 'recover'
}
