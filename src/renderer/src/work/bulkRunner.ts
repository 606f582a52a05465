import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import type { BulkCheck, BulkJob } from '../../../shared/bulk/bulkJob'
import { BridgeCallError } from '../bridge/bridgeClient'
import {
  bulkJobRepository,
  type AnsweredCheck,
  type ClaimedCheck,
} from '../data/bulk/bulkJobRepository'
import type { CheckAttempt } from '../data/checks/checkRepository'
import { answeredRecordOf } from '../data/checks/checkAttempts'
import { recordSendFailure, searchThroughBridge } from '../data/checks/executeCheck'
import { collectSoon } from '../data/requests/journalClient'
import { recoverBulkChecks } from './recovery'
import { appRecoveryPorts } from './appRecovery'
import type { ScheduledWork } from './scheduler'
import { outcomeOfRecord, verdictOnFailure, type SendVerdict } from './bulkOutcome'
import { sendFailureOf, unreachableWaitMs } from '../data/requests/failurePolicy'

type CapReason = Extract<SendVerdict, { kind: 'cap' }>['reason']
type StopReason = Extract<SendVerdict, { kind: 'stop' }>['reason']

/** An answer waiting to be stored, its request still in this page's hand. */
type AnsweredInHand = AnsweredCheck & Pick<ClaimedCheck, 'release'>

/** Checks of one job on their way at once; the main side's rate limiter paces them further. */
export const bulkConcurrency = 16

/** Answers come back faster than one transaction each is worth storing: stored together within this. */
const storeWithinMs = 250

/** What the runner needs of the world; tests give it a database, a sender and a clock of their own. */
export interface BulkRunnerPorts {
  repository: Pick<
    typeof bulkJobRepository,
    | 'claimChecks'
    | 'settleAnswered'
    | 'settleBulkCheck'
    | 'runningChecksOf'
    | 'countChecksIn'
    | 'setBulkJobState'
    | 'setBulkJobWaiting'
    | 'getBulkJob'
    | 'runningBulkJobs'
  >
  /** Sends one claimed address to the service through the main side. */
  search: (check: BulkCheck, job: BulkJob) => Promise<CryptoSearchResult>
  /** Records why a claimed address's send failed, on its attempt in History. */
  recordFailure: (attempt: CheckAttempt, error: unknown) => Promise<void>
  /** Settles the job's addresses a page or process that stopped left running; see recovery. */
  recover: (jobId: string) => Promise<boolean>
  collect: (requestIds: readonly string[]) => Promise<void>
  wait: (ms: number) => Promise<void>
  concurrency: number
}

export interface BulkRunner {
  /** Drives every running job until none is left to drive; one drive at a time. */
  drive(): Promise<void>
}

export function createBulkRunner(ports: BulkRunnerPorts): BulkRunner {
  const { repository } = ports
  let driving: Promise<void> | undefined
  let again = false

  /**
   * Sends one claimed address; an answer joins `answered`, to be stored with others in one
   * transaction. Returns what the job must do next.
   */
  const sendOne = async (
    { check, attempt, release }: ClaimedCheck,
    job: BulkJob,
    answered: AnsweredInHand[],
  ): Promise<
    'next' | 'recover' | { waitMs: number } | { stopReason: StopReason } | { atCap: CapReason }
  > => {
    const { requestId } = attempt
    let stored = false
    try {
      const record = answeredRecordOf(attempt, await ports.search(check, job))
      answered.push({
        index: check.index,
        record,
        outcome: outcomeOfRecord(record) ?? { state: 'unknown' },
        release,
      })
      // In hand until it is stored with the others.
      stored = true
      return 'next'
    } catch (error) {
      await ports.recordFailure(attempt, error)
      const verdict = verdictOnFailure(sendFailureOf(error))
      if (verdict.kind === 'recover') return 'recover'
      if (verdict.kind === 'settle') {
        await repository.settleBulkCheck(job.id, check.index, {
          state: verdict.state,
          error: verdict.error,
          checkedAt: new Date().toISOString(),
        })
      } else {
        await repository.settleBulkCheck(job.id, check.index, { state: 'pending' })
      }
      if (error instanceof BridgeCallError) await ports.collect([requestId])
      if (verdict.kind === 'wait') {
        await repository.setBulkJobWaiting(job.id, verdict.waiting)
        return { waitMs: verdict.ms }
      }
      if (verdict.kind === 'stop') return { stopReason: verdict.reason }
      if (verdict.kind === 'cap') return { atCap: verdict.reason }
      return 'next'
    } finally {
      if (!stored) release()
    }
  }

  /**
   * Runs one job with bounded concurrency until it is paused, stopped, finished or must wait.
   * Addresses are claimed, and their answers stored, several to a transaction: one transaction
   * per address and step was what held a job under the service's rate.
   */
  const runJob = async (jobId: string): Promise<void> => {
    if (!(await ports.recover(jobId))) {
      await ports.wait(unreachableWaitMs)
      return
    }
    let waitMs = 0
    let stop = false
    let stopReason: StopReason | undefined
    let atCap: CapReason | undefined
    let waitingShown: boolean | undefined
    const answered: AnsweredInHand[] = []
    const inFlight = new Set<Promise<void>>()
    // One store after another, each taking every answer come back by then.
    let storing: Promise<void> = Promise.resolve()
    const storeAnswered = (): Promise<void> => {
      storing = storing.then(async () => {
        const batch = answered.splice(0)
        if (batch.length === 0) return
        try {
          await repository.settleAnswered(jobId, batch)
          // Once stored, the journal may forget them; until then it holds their replies for recovery.
          await ports.collect(batch.map(({ record }) => record.requestId ?? ''))
        } finally {
          for (const { release } of batch) release()
        }
      })
      return storing
    }
    let storeDue = false
    /** An answer is on screen within `storeWithinMs` even while the job waits for its next claim. */
    const storeSoon = (): void => {
      if (storeDue) return
      storeDue = true
      void ports
        .wait(storeWithinMs)
        .then(() => {
          storeDue = false
          return storeAnswered()
        })
        // The job's own end waits for the same store, and reports its failure.
        .catch(() => undefined)
    }
    const follow = async (claim: ClaimedCheck, job: BulkJob): Promise<void> => {
      const next = await sendOne(claim, job, answered)
      if (answered.length > 0) storeSoon()
      if (next === 'recover') stop = true
      else if (typeof next === 'object' && 'stopReason' in next) {
        stop = true
        stopReason = next.stopReason
      } else if (typeof next === 'object' && 'atCap' in next) atCap = next.atCap
      else if (next !== 'next') waitMs = Math.max(waitMs, next.waitMs)
      else if (waitingShown) {
        // Cleared once it moves on, not written again after every address.
        waitingShown = false
        await repository.setBulkJobWaiting(jobId, undefined)
      }
    }
    const claimAtLeast = Math.max(1, Math.floor(ports.concurrency / 2))
    while (!stop && !atCap && waitMs === 0) {
      const free = ports.concurrency - inFlight.size
      if (free < claimAtLeast) {
        await Promise.race(inFlight)
        continue
      }
      await storeAnswered()
      const batch = await repository.claimChecks(jobId, free)
      if (!batch) break
      waitingShown ??= batch.job.waiting !== undefined
      for (const { check, record } of batch.answered) {
        answered.push({
          index: check.index,
          record,
          outcome: outcomeOfRecord(record) ?? { state: 'unknown' },
          release: () => {},
        })
        storeSoon()
      }
      for (const claim of batch.claimed) {
        const sending: Promise<void> = follow(claim, batch.job).finally(() =>
          inFlight.delete(sending),
        )
        inFlight.add(sending)
      }
    }
    await Promise.all(inFlight)
    await storeAnswered()
    if (stopReason) {
      // Counted once every check already on its way is back and stored.
      const done = await repository.countChecksIn(jobId, 'done')
      await repository.setBulkJobState(jobId, 'stopped', { stopReason: stopReason(done) })
      return
    }
    if (waitMs > 0) {
      await ports.wait(waitMs)
      return
    }
    const job = await repository.getBulkJob(jobId)
    if (!job || job.state !== 'running' || stop) return
    const [pending, running] = await Promise.all([
      repository.countChecksIn(jobId, 'pending'),
      repository.countChecksIn(jobId, 'running'),
    ])
    if (running > 0) return
    if (atCap) {
      // Counted once every check already on its way is back: those were within the cap.
      await repository.setBulkJobState(jobId, 'stopped', {
        stopReason: atCap(pending, job.budget),
        stoppedAtCap: true,
      })
    } else if (pending === 0) {
      await repository.setBulkJobState(jobId, 'finished', { finishedAt: new Date().toISOString() })
    }
  }

  const driveOnce = async (): Promise<void> => {
    for (;;) {
      again = false
      const jobs = await repository.runningBulkJobs()
      for (const job of jobs) await runJob(job.id)
      const left = await repository.runningBulkJobs()
      if (left.length === 0 && !again) return
      // Still running after a pass (e.g. a send the journal says is in flight): look again soon.
      if (!again) await ports.wait(1_000)
    }
  }

  return {
    drive: () => {
      if (driving) {
        again = true
        return driving
      }
      driving = driveOnce()
        .catch(() => {
          // The host is not answering (recovery could not ask the journal): the next wake-up retries.
        })
        .finally(() => (driving = undefined))
      return driving
    },
  }
}

let ourTurn = false

const bulkRunner = createBulkRunner({
  repository: bulkJobRepository,
  search: (check, job) =>
    searchThroughBridge({
      requestId: check.requestId ?? '',
      query: check.address,
      environment: job.environment,
      // Never sent twice once it may have reached the service.
      atMostOnce: true,
      // A person's single search goes ahead of a list's rows.
      pace: 'background',
      purpose: 'bulk',
      jobId: job.id,
    }),
  // An attempt that provably never left is not kept in History: it is sent again.
  recordFailure: (attempt, error) => recordSendFailure(attempt, error, true),
  recover: (jobId) => recoverBulkChecks(appRecoveryPorts, jobId),
  collect: async (requestIds) => collectSoon(requestIds),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  concurrency: bulkConcurrency,
})

/** Sets running jobs going again now (a job started or resumed); only in the page whose turn it is. */
export const wakeBulkRunner = (): void => {
  if (ourTurn) void bulkRunner.drive()
}

/**
 * Bulk jobs' part of the background work, only in the page that runs it (see backgroundWork):
 * drives them, resuming what a reload or a crash interrupted, and looks again every few seconds.
 */
export const bulkWork: ScheduledWork = {
  name: 'bulk',
  everyMs: unreachableWaitMs,
  turn: () => {
    ourTurn = true
    return bulkRunner.drive()
  },
  end: () => {
    ourTurn = false
  },
}
