import type { AddressChain } from '../address'
import type { EnvironmentId } from '../environments'

/**
 * running → finished; paused and resumed by the user; cancelled by the user (what was not sent
 * stays unsent); stopped by the app with a sentence saying why (a key refused, no funds, the
 * budget cap reached).
 */
export type BulkJobState = 'running' | 'paused' | 'cancelled' | 'finished' | 'stopped'

/** A list screened as one job. */
export interface BulkJob {
  id: string
  createdAt: string
  /** Who ran it, as the investigator is named in Settings. */
  actor: { name: string; email: string } | null
  fileName: string
  /** Of the file's bytes (or the pasted text's UTF-8), hex. */
  fileSha256: string
  environment: EnvironmentId
  columns: string[]
  addressColumn: number
  /** Input columns carried into the results, by index. */
  carryColumns: number[]
  /** Checks of the same wallet newer than this many hours were reused; null: none were. */
  freshnessHours: number | null
  /**
   * Most checks this job may send (Production), as confirmed; null: no cap. Shown here; the main
   * side, which holds it too, refuses the checks beyond it.
   */
  budget: number | null
  state: BulkJobState
  /** Why it stopped, and what to do, in a sentence or two. */
  stopReason?: string
  /** Stopped because the main side refused to send more on this job's cap: only a new cap goes on. */
  stoppedAtCap?: boolean
  /** Set while it waits for something (the service, a rate limit), cleared when it moves on. */
  waiting?: string
  finishedAt?: string
  rowCount: number
  checkCount: number
  invalidCount: number
  /**
   * Rows whose value is no address the app recognises (absent on jobs from before they were told
   * apart); they were sent only when `sendsUnrecognised`.
   */
  unrecognisedCount?: number
  sendsUnrecognised?: boolean
  duplicateCount: number
  reusedCount: number
  /** Checks put on their way, shown against the budget (the main side keeps the count that decides). */
  sentCount: number
  /** Checks (unique addresses) that came back with at least one hit. */
  hitCount: number
}

/**
 * One unique address of a job: pending until sent, running while on its way, then done, failed,
 * outcome unknown (it may have run and been billed: never sent again on its own), or reused (an
 * earlier check within the freshness window stands for it).
 */
export type BulkCheckState = 'pending' | 'running' | 'done' | 'failed' | 'unknown' | 'reused'

export interface BulkCheck {
  jobId: string
  index: number
  address: string
  queryKey: string
  chain: AddressChain | null
  /** Lines of the input rows that share it. */
  lines: number[]
  state: BulkCheckState
  /** Kept from its first send, so a resend is the same request to the main side's journal. */
  requestId?: string
  /** Its record in History. */
  checkLocalId?: string
  checkedAt?: string
  hits?: number
  categories?: string[]
  holder?: string
  error?: string
}

/** One input row, as read; its result is its check's. */
export interface BulkRow {
  jobId: string
  /** Position in the input, from 0. */
  row: number
  line: number
  cells: string[]
  /** Index of its check; -1 when it was not sent (invalid, or unrecognised and not chosen). */
  check: number
  invalidReason?: string
  /** The line as written, shortened, when its cells could not be told apart (it has none). */
  lineText?: string
  /** Its value is no address the app recognises, and the user did not choose to send such values. */
  unrecognised?: true
}
