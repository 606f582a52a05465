import { dirname } from 'node:path'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type {
  BulkJobAllowance,
  BulkJobAllowanceChange,
  JobPurpose,
} from '../../../shared/bridge/spendingContract'
import { environmentLabels, type EnvironmentId } from '../../../shared/environments'
import { countOf, noun } from '../../../shared/text/counting'
import type { JsonStateFileOptions } from '../dataFolder/jsonStateFile'
import { notSavedFailure, notSentFailure } from '../dataFolder/storageFailure'
import { ServiceError } from '../serviceError'
import { openBulkAllowanceFile, type BulkAllowances, type JobAllowance } from './bulkAllowanceFile'
import type { CheckLedger } from './countedSend'

export interface BulkAllowanceService {
  /** Registers what a person confirmed for a job, or raises its cap; refuses a cap not above its count. */
  allow(change: BulkJobAllowanceChange): Promise<BulkJobAllowance>
  /**
   * A bulk or re-screen check's account in a billed environment: its job's confirmed cap, counted
   * per job. Throws the refusal when the check names no job.
   */
  ledger(purpose: JobPurpose, jobId: string | undefined, environment: EnvironmentId): CheckLedger
}

/** How the refusals name a job of each purpose. */
const jobWords: Record<
  JobPurpose,
  { job: string; check: string; unconfirmedBecause: string; toConfirm: string }
> = {
  bulk: {
    job: 'bulk job',
    check: 'bulk check',
    unconfirmedBecause: 'it was started by an earlier version, or the record could not be read',
    toConfirm: 'Set a budget cap to go on.',
  },
  rescreen: {
    job: 're-screen',
    check: 're-screen check',
    unconfirmedBecause: 'the record could not be read',
    toConfirm: 'Start the re-screen again to confirm its budget cap.',
  },
}

const refusal = (name: 'validation' | 'notOptedIn' | 'budgetReached', message: string) =>
  new ServiceError(bridgeErrorNames[name], message, { mayHaveReachedService: false })

const noJob = (purpose: JobPurpose, environment: EnvironmentId): ServiceError =>
  refusal(
    'validation',
    `Nothing was sent: a ${jobWords[purpose].check} in ${environmentLabels[environment]} is billed, so it must name its job, whose budget cap it is counted against.`,
  )

const notConfirmed = (purpose: JobPurpose, environment: EnvironmentId): ServiceError =>
  refusal(
    'notOptedIn',
    `Nothing was sent: Compliance Desk has no confirmed budget on record for this ${environmentLabels[environment]} ${jobWords[purpose].job} (${jobWords[purpose].unconfirmedBecause}). ${jobWords[purpose].toConfirm}`,
  )

const capReached = (purpose: JobPurpose, cap: number): ServiceError =>
  refusal(
    'budgetReached',
    `Nothing was sent: this ${jobWords[purpose].job} has sent its budget cap of ${countOf(cap, noun('billed check'))}. Raise the cap to go on.`,
  )

/**
 * A job whose allowance was neither confirmed nor counted for this long is forgotten, so the file
 * (written whole on every billed check) does not grow for ever; resumed after that, the job is
 * refused until a person confirms its cap again.
 */
export const allowanceKeptDays = 180

/** The allowances still worth keeping; an entry from before they were dated is dated now. */
function kept(state: BulkAllowances, now: Date): BulkAllowances {
  const oldest = now.getTime() - allowanceKeptDays * 24 * 60 * 60 * 1000
  const dated = Object.entries(state.jobs).map(([jobId, job]): [string, JobAllowance] => [
    jobId,
    { ...job, touchedAt: job.touchedAt ?? now.toISOString() },
  ])
  return {
    ...state,
    jobs: Object.fromEntries(dated.filter(([, job]) => Date.parse(job.touchedAt ?? '') >= oldest)),
  }
}

/**
 * What each billed bulk job and re-screen may spend, as the person confirmed it, and how many
 * billed checks it put on the wire. A job is known here only once confirmed: its checks are
 * refused before that.
 */
export async function openBulkAllowances(
  path: string,
  {
    now = () => new Date(),
    ...fileOptions
  }: { now?: (() => Date) | undefined } & JsonStateFileOptions = {},
): Promise<BulkAllowanceService> {
  const file = await openBulkAllowanceFile(path, fileOptions)
  let state: BulkAllowances = kept(file.initial, now())
  if (JSON.stringify(state) !== JSON.stringify(file.initial)) {
    // Housekeeping: what is kept holds in memory, and reaches the disk with the next change.
    await file.write(state).catch(() => {})
  }

  const withJob = (jobId: string, job: Omit<JobAllowance, 'touchedAt'>): BulkAllowances => ({
    ...state,
    jobs: { ...state.jobs, [jobId]: { ...job, touchedAt: now().toISOString() } },
  })

  return {
    allow: async ({ jobId, purpose, environment, cap }) => {
      const known = state.jobs[jobId]
      if (known && known.purpose !== purpose) {
        throw refusal(
          'validation',
          `This id is a ${jobWords[known.purpose].job}’s, not a ${jobWords[purpose].job}’s: a job’s cap counts only its own checks.`,
        )
      }
      const used = known?.used ?? 0
      if (cap !== null && cap <= used) {
        throw refusal(
          'validation',
          `The new cap must be above the ${countOf(used, noun('billed check'))} this ${jobWords[purpose].job} has already sent.`,
        )
      }
      const next = withJob(jobId, { purpose, environment, cap, used })
      // On disk before it counts: a confirmation the app might forget is not yet a confirmation.
      await file.write(next).catch((error: unknown) => {
        throw notSavedFailure(dirname(path), error)
      })
      state = next
      return { jobId, cap, used }
    },
    ledger: (purpose, jobId, environment) => {
      if (jobId === undefined) throw noJob(purpose, environment)
      const job = (): JobAllowance => {
        const known = state.jobs[jobId]
        if (known?.environment !== environment || known.purpose !== purpose) {
          throw notConfirmed(purpose, environment)
        }
        return known
      }
      // The count changes in memory first, so checks admitted meanwhile see it; then reaches the disk.
      const count = (change: number): Promise<void> => {
        const known = job()
        state = withJob(jobId, { ...known, used: Math.max(0, known.used + change) })
        return file.write(state)
      }
      return {
        key: `${purpose}:${jobId}`,
        admit: (waiting) => {
          const { cap, used } = job()
          if (cap !== null && used + waiting >= cap) throw capReached(purpose, cap)
        },
        spend: () =>
          count(1).catch((error: unknown) => {
            throw notSentFailure(dirname(path), error, 'this check')
          }),
        giveBack: () => count(-1),
      }
    },
  }
}
