import type { BulkCheckState } from '../../../../shared/bulk/bulkJob'
import type { NewCase } from '../../../../shared/cases/caseSchemas'
import type { EnvironmentId } from '../../../../shared/environments'
import type { Actor } from '../../../../shared/identity/investigator'
import { countOf, noun } from '../../../../shared/text/counting'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { CaseRuleError } from './caseErrors'
import { caseTables, changeCase, createCase, linkCheck, type CheckRef } from './caseRepository'

/** A bulk job as a case's trail keeps it when checks of the job are put on the case. */
export interface BulkJobRecord {
  jobId: string
  fileName: string
  /** SHA-256 (hex) of the file's bytes as chosen, or of the pasted text's UTF-8. */
  fileSha256: string
  environment: EnvironmentId
  /** Who ran the job, as the investigator was named then. */
  ranBy: { name: string; email: string } | null
  startedAt: string
  finishedAt: string | null
  /** The job's state when its checks were linked (finished, stopped, …). */
  state: string
  counts: {
    rows: number
    unique: number
    done: number
    hits: number
    failed: number
    unknown: number
    reused: number
    invalid: number
  }
  /** The checks this entry put on the case, each also on the trail as `check-linked` before it. */
  linked: CheckRef[]
  /** Chosen checks the case already had. */
  alreadyLinked: number
}

export interface BulkLinking {
  jobId: string
  /** The job's checks to link (their keys in History); only answered ones can be linked. */
  checkLocalIds: readonly string[]
}

export type BulkLinkTarget = { caseId: string } | { newCase: NewCase }

const summaryOf = (record: BulkJobRecord): string =>
  `Bulk screening of ${record.fileName} linked: ${countOf(record.linked.length, noun('check'))} added; ` +
  `${countOf(record.counts.rows, noun('row'))}, ${countOf(record.counts.unique, noun('unique address', 'unique addresses'))}, ` +
  `${record.counts.done} done, ${countOf(record.counts.hits, noun('hit'))}, ${record.counts.failed} failed, ${record.counts.reused} reused`

/**
 * Puts checks of a bulk job on a case (an editable one, or one created here) and records the job
 * itself on its trail, in one transaction: each check is linked as any other is (`check-linked`),
 * then one `bulk-job-linked` entry names the file, its SHA-256, who ran the job, when, and its
 * counts. Either all of it is stored or none.
 */
export async function linkBulkJob(
  db: AppDatabase,
  actor: Actor,
  target: BulkLinkTarget,
  linking: BulkLinking,
): Promise<{ caseId: string; record: BulkJobRecord }> {
  let result: { caseId: string; record: BulkJobRecord } | undefined
  await db.transaction('rw', [...caseTables(db), db.bulkJobs, db.bulkChecks], async () => {
    const job = await db.bulkJobs.get(linking.jobId)
    if (!job) throw new CaseRuleError('This bulk job is no longer on this computer.')
    const caseId = 'caseId' in target ? target.caseId : await createCase(db, actor, target.newCase)
    const current = await db.cases.get(caseId)
    if (!current) throw new CaseRuleError('This case no longer exists on this computer.')
    const wanted = [...new Set(linking.checkLocalIds)]
    const records = await db.checks.bulkGet(wanted)
    const answered = records.filter((record) => record !== undefined && isStoredCheck(record))
    if (answered.length === 0) {
      throw new CaseRuleError('None of the chosen rows has an answered check to link.')
    }
    const linked: CheckRef[] = []
    let alreadyLinked = 0
    for (const record of answered) {
      if (current.checkIds.includes(record.localId)) {
        alreadyLinked += 1
        continue
      }
      const ref = { localId: record.localId, query: record.query, fetchedAt: record.fetchedAt }
      await linkCheck(db, actor, caseId, ref)
      linked.push(ref)
    }
    const count = (state: BulkCheckState) =>
      db.bulkChecks.where('[jobId+state]').equals([job.id, state]).count()
    const [done, failed, unknown, reused] = await Promise.all(
      (['done', 'failed', 'unknown', 'reused'] as const).map(count),
    )
    const record: BulkJobRecord = {
      jobId: job.id,
      fileName: job.fileName,
      fileSha256: job.fileSha256,
      environment: job.environment,
      ranBy: job.actor,
      startedAt: job.createdAt,
      finishedAt: job.finishedAt ?? null,
      state: job.state,
      counts: {
        rows: job.rowCount,
        unique: job.checkCount,
        done: done!,
        hits: job.hitCount,
        failed: failed!,
        unknown: unknown!,
        reused: reused!,
        invalid: job.invalidCount,
      },
      linked,
      alreadyLinked,
    }
    await changeCase(db, actor, caseId, () => ({
      audit: {
        action: 'bulk-job-linked',
        summary: summaryOf(record),
        before: null,
        after: record,
      },
    }))
    result = { caseId, record }
  })
  if (!result) throw new CaseRuleError('The bulk job was not linked.')
  return result
}

export const caseBulkLink = onAppDatabase({ linkBulkJob })
