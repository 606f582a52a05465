import { linesOfChecks, type BulkPlan } from '../../../../shared/bulk/bulkPlan'
import type { BulkCheck, BulkJob } from '../../../../shared/bulk/bulkJob'
import { rowsOfJob } from '../../../../shared/bulk/bulkRows'
import type { BulkTable } from '../../../../shared/bulk/bulkTable'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import { bulkJobRepository } from '../../data/bulk/bulkJobRepository'
import { allowJob } from '../../data/spending/spendingQueries'
import { outcomeOfRecord } from '../../work/bulkOutcome'
import { wakeBulkRunner } from '../../work/bulkRunner'

export interface BulkJobRequest {
  table: BulkTable
  plan: BulkPlan
  fileName: string
  /** Of the file's bytes as chosen; null for pasted text (its UTF-8 is hashed). */
  fileSha256: string | null
  text: string
  environment: EnvironmentId
  actor: BulkJob['actor']
  addressColumn: number
  carryColumns: number[]
  freshnessHours: number | null
  excludeInvalid: boolean
  budget: number | null
}

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

export const sha256Hex = async (bytes: BufferSource): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', bytes))

/** The checks within the freshness window that a job would reuse, by the check's index. */
export async function reusableChecks(
  plan: BulkPlan,
  environment: EnvironmentId,
  freshnessHours: number | null,
  now: Date = new Date(),
) {
  if (freshnessHours === null || plan.checks.length === 0) return new Map<number, BulkCheck>()
  const since = new Date(now.getTime() - freshnessHours * 3_600_000).toISOString()
  const fresh = await bulkJobRepository.freshChecksOf(
    environment,
    new Set(plan.checks.map((check) => check.queryKey)),
    since,
  )
  const reused = new Map<number, Partial<BulkCheck>>()
  plan.checks.forEach((check, index) => {
    const record = fresh.get(check.queryKey)
    const outcome = record ? outcomeOfRecord(record) : undefined
    if (record && outcome)
      reused.set(index, { ...outcome, state: 'reused', checkLocalId: record.localId })
  })
  return reused
}

/**
 * Puts a billed job's confirmed cap on record with the main side, stores the job whole (rows,
 * addresses, reused checks) and sets the runner going.
 */
export async function startBulkJob(request: BulkJobRequest): Promise<string> {
  const { plan, table } = request
  const id = crypto.randomUUID()
  const reused = await reusableChecks(plan, request.environment, request.freshnessHours)
  const rows = rowsOfJob(id, table, plan, { excludeInvalid: request.excludeInvalid })
  const lines = linesOfChecks(plan, table.lines)
  const checks: BulkCheck[] = plan.checks.map((check, index) => ({
    jobId: id,
    index,
    address: check.address,
    queryKey: check.queryKey,
    chain: check.chain,
    lines: lines[index] ?? [],
    state: 'pending',
    ...reused.get(index),
  }))
  const job: BulkJob = {
    id,
    createdAt: new Date().toISOString(),
    actor: request.actor,
    fileName: request.fileName,
    fileSha256: request.fileSha256 ?? (await sha256Hex(new TextEncoder().encode(request.text))),
    environment: request.environment,
    columns: table.columns,
    addressColumn: request.addressColumn,
    carryColumns: request.carryColumns,
    freshnessHours: request.freshnessHours,
    budget: request.budget,
    state: 'running',
    rowCount: rows.length,
    checkCount: checks.length,
    invalidCount: request.excludeInvalid ? 0 : plan.invalid.length,
    unrecognisedCount: plan.unrecognised.length,
    sendsUnrecognised: plan.sendsUnrecognised,
    duplicateCount: plan.duplicateCount,
    reusedCount: reused.size,
    sentCount: 0,
    hitCount: checks.filter((check) => check.state === 'reused' && (check.hits ?? 0) > 0).length,
  }
  if (isBilledEnvironment(job.environment)) {
    await allowJob({ purpose: 'bulk', jobId: id, environment: job.environment, cap: job.budget })
  }
  await bulkJobRepository.createBulkJob(job, rows, checks)
  wakeBulkRunner()
  return id
}
