import { join } from 'node:path'
import type { CheckPurpose } from '../../../shared/bridge/cryptoContract'
import type {
  BulkJobAllowance,
  BulkJobAllowanceChange,
  ScheduledAllowance,
  ScheduledAllowanceChange,
} from '../../../shared/bridge/spendingContract'
import { isBilledEnvironment, type EnvironmentId } from '../../../shared/environments'
import type { JsonStateFileOptions } from '../dataFolder/jsonStateFile'
import { openBulkAllowances } from './bulkSpending'
import { createCountedSend, type CountAttempts } from './countedSend'
import { openScheduledAllowance } from './scheduledSpending'

export type { CountAttempts } from './countedSend'

export interface Spending {
  /** Scheduled re-screens' monthly allowance. */
  view(): ScheduledAllowance
  set(change: ScheduledAllowanceChange): Promise<ScheduledAllowance>
  /** A billed bulk job's or re-screen's cap, as a person confirmed or raised it. */
  allowJob(change: BulkJobAllowanceChange): Promise<BulkJobAllowance>
  /**
   * Sends one check if it may be billed for its purpose, else throws a refusal before anything is
   * queued. In a billed environment a scheduled check goes within the monthly allowance, and a bulk
   * check or a re-screen a person started within its job's cap; a person's own search is confirmed
   * as it is asked for, and goes as it is.
   */
  send<T>(
    check: { purpose: CheckPurpose; environment: EnvironmentId; jobId?: string | undefined },
    work: (count: CountAttempts) => Promise<T>,
  ): Promise<T>
}

/**
 * The one place that decides whether a billed check may be sent, and keeps the counts it decides
 * on in the data folder (`scheduled-allowance.json`, `bulk-allowances.json`). A count or a change
 * storage refused is a `StorageError`, and a check whose count was refused is not sent.
 */
export async function openSpending(
  dataDir: string,
  options: {
    /** The clock that says which month it is, and how old a job's allowance is. */
    now?: () => Date
  } & JsonStateFileOptions = {},
): Promise<Spending> {
  const scheduled = await openScheduledAllowance(join(dataDir, 'scheduled-allowance.json'), options)
  const bulk = await openBulkAllowances(join(dataDir, 'bulk-allowances.json'), options)
  const countedSend = createCountedSend()
  return {
    view: () => scheduled.view(),
    set: (change) => scheduled.set(change),
    allowJob: (change) => bulk.allow(change),
    send: async ({ purpose, environment, jobId }, work) => {
      if (!isBilledEnvironment(environment)) return work((journal) => journal)
      if (purpose === 'watch') return countedSend(scheduled.ledger(environment), work)
      if (purpose === 'bulk' || purpose === 'rescreen') {
        return countedSend(bulk.ledger(purpose, jobId, environment), work)
      }
      return work((journal) => journal)
    },
  }
}
