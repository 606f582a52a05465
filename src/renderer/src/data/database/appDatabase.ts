import type { Dexie, Table } from 'dexie'
import type { SharedCase, TeamDisagreementView } from '../../../../shared/bridge/teamContract'
import type { BridgeErrorName } from '../../../../shared/bridge/errors'
import type { CryptoCheck } from '../../../../shared/bridge/cryptoContract'
import type { Entity, NewEntity } from '../../../../shared/bridge/entitiesContract'
import type { Evidence } from '../../../../shared/bridge/evidenceSchema'
import type { ExportedCheck, ExportedEntity } from '../../../../shared/bridge/evidenceContract'
import type {
  AuditEntry,
  CaseNote,
  CaseRecord,
  HitDecision,
} from '../../../../shared/cases/caseSchemas'
import type { EnvironmentId } from '../../../../shared/environments'
import type { Actor } from '../../../../shared/identity/investigator'
import type { WatchCadence } from '../../../../shared/watch/watchSchedule'
import type { BulkCheck, BulkJob, BulkRow } from '../../../../shared/bulk/bulkJob'
import type { HitTally } from '../../../../shared/cases/caseRules'
import { copiedDatabaseName } from './databasePointer'
import { openAppDatabase } from './openAppDatabase'
import type { Tally } from './checkTally'

export interface CachedEntity {
  environment: EnvironmentId
  id: string
  fetchedAt: string
  entity: Entity
  /** See entitySearchTerms. */
  searchTerms: string[]
}

export interface CachedEntityPage {
  environment: EnvironmentId
  limit: number
  page: number
  total: number
  hasNext: boolean
  hasPrev: boolean
  fetchedAt: string
  ids: string[]
}

interface CheckRecordBase {
  /** `<time>_<request id>`: unique, and keys sort by time. The service's own id is `check.id`. */
  localId: string
  environment: EnvironmentId
  query: string
  /** The identifier in canonical form (e.g. EIP-55), so re-checks of one wallet are found. */
  queryKey: string
  advancedSearch?: Record<string, string>
  /** When the request was sent (a check: its evidence's start; an attempt: when it was asked for). */
  fetchedAt: string
  /**
   * Every suffix (of 3 characters or more) of the lower-case words of identifiers, titles,
   * datasets and topics, for History's free-text filter: see checkSearchTerms.
   */
  searchTerms: string[]
  /** The id it was sent under, by which the main side's request journal knows it. */
  requestId?: string
  /** Entities (of the check's own environment) this check was linked to, by their `ent_` ids. */
  linkedEntityIds?: string[]
}

/** One crypto check as answered, with the evidence the client kept of its answer. */
export interface StoredCheck extends CheckRecordBase {
  outcome: 'succeeded'
  status: string
  totalEntity: number
  hitCategories: string[]
  check: CryptoCheck
  evidence: Evidence
}

/**
 * A check that did not produce a readable result: `pending` while it is being sent (or until the
 * main side's journal says what became of it), `failed` when it provably did nothing, `unknown`
 * when it may have run (and, in Production, been billed).
 */
export interface CheckAttempt extends CheckRecordBase {
  outcome: 'pending' | 'failed' | 'unknown'
  requestId: string
  billed: boolean
  error?: { name: BridgeErrorName; message: string; status?: number }
  /** Whatever the service answered, exactly as received. */
  evidence?: Evidence
}

export type CheckRecord = StoredCheck | CheckAttempt
export type CheckOutcome = CheckRecord['outcome']

/**
 * queued → running → done. An item left running when a page stopped is settled by what the main
 * side's request journal says: queued again if it never left, `interrupted` if it may have been
 * sent (never re-sent without the user's say), or done or failed by the reply it got. Work restored
 * from a backup is `held`: the computer that made the backup may still send it.
 */
export type OutboxState = 'queued' | 'running' | 'interrupted' | 'held' | 'failed' | 'done'

export type OutboxWork =
  | {
      kind: 'cryptoCheck'
      query: string
      queryKey: string
      advancedSearch?: Record<string, string>
    }
  | { kind: 'createEntity'; entity: NewEntity; label: string }

export type OutboxItem = OutboxWork & {
  /** Also the request id it is sent with. */
  localId: string
  environment: EnvironmentId
  queuedAt: string
  /** When it was last taken to be sent. */
  sentAt?: string
  state: OutboxState
  /** Why it failed, was interrupted or is held, in one sentence. */
  message?: string
  /** What it produced once done: the saved check's key, or the new entity's id. */
  resultId?: string
}

/** The checks and entities of a case imported from a bundle, as the bundle holds them. */
export interface ImportedCaseContent {
  caseId: string
  checks: ExportedCheck[]
  entities: ExportedEntity[]
}

/** What a watch screens again: one wallet in one environment, or every wallet of a case. */
export type WatchTarget =
  | { kind: 'wallet'; environment: EnvironmentId; query: string; queryKey: string }
  | { kind: 'case'; caseId: string }

export type WatchRecord = WatchTarget & {
  /** `wallet|<environment>|<query key>` or `case|<case id>`: one watch per target. */
  id: string
  cadence: WatchCadence
  createdAt: string
  createdBy: Actor
  nextDueAt: string
  lastRunAt?: string
  /** How the last run ended, in one sentence, when it did not run as it should. */
  lastProblem?: string
}

/** A material change a watch's re-screen found (new or removed hits), until acknowledged. */
export interface WatchChange {
  /** The later check's key: one change per re-screen of a wallet. */
  id: string
  at: string
  state: 'new' | 'acknowledged'
  environment: EnvironmentId
  query: string
  queryKey: string
  earlier: { localId: string; fetchedAt: string }
  later: { localId: string; fetchedAt: string }
  /** Hit keys, `<category>:<record key>`. */
  added: string[]
  removed: string[]
  /** The watched cases the wallet belongs to; empty for a wallet watched on its own. */
  caseIds: string[]
  acknowledgedAt?: string
  acknowledgedBy?: Actor
}

/**
 * What the case list needs of a case's linked checks and decisions, kept beside the case (written
 * in the same transaction as each change that alters it), so listing thousands of cases never
 * reads their checks.
 */
export interface CaseSummary {
  caseId: string
  hits: HitTally
  /** The identifiers of its linked checks, lower case, for the case list's search. */
  identifiers: string[]
  /**
   * The holders its linked checks' records name ("Sim, Hyon Sop"), for the same search. Absent
   * from a summary restored from a backup made before holders were kept, until the case changes.
   */
  holders?: string[]
  /**
   * The wallets under review (environment and identifier), as the case's checks tab counts them.
   * Absent from a summary restored from a backup made before it was kept, until the case changes.
   */
  wallets?: number
}

/** A shared case as this page last applied it from the team's entries on the main side. */
export interface TeamCaseRow {
  caseId: string
  /** How many documents of the case the main side held when it was applied: more means news. */
  documents: number
  appliedAt: string
  disagreements: TeamDisagreementView[]
  authors: SharedCase['authors']
  setAside: string[]
  missingChecks: string[]
  /** Four-eyes review, as the main side judged it when applied; absent on rows applied before it. */
  assignment?: SharedCase['assignment']
  awaitedReview?: SharedCase['awaitedReview']
  closeVerdict?: SharedCase['closeVerdict']
  memberRoles?: SharedCase['memberRoles']
}

export type AppDatabase = Dexie & {
  entities: Table<CachedEntity, [EnvironmentId, string]>
  entityPages: Table<CachedEntityPage, [EnvironmentId, number, number]>
  checks: Table<CheckRecord, string>
  outbox: Table<OutboxItem, string>
  cases: Table<CaseRecord, string>
  caseNotes: Table<CaseNote, string>
  hitDecisions: Table<HitDecision, string>
  /** Append-only: written only through the case repository, which chains each entry. */
  auditEntries: Table<AuditEntry, [string, number]>
  importedCaseContents: Table<ImportedCaseContent, string>
  watches: Table<WatchRecord, string>
  watchChanges: Table<WatchChange, string>
  bulkJobs: Table<BulkJob, string>
  bulkChecks: Table<BulkCheck, [string, number]>
  bulkRows: Table<BulkRow, [string, number]>
  caseSummaries: Table<CaseSummary, string>
  /** Kept by the database itself: see checkTally. */
  tallies: Table<Tally, string>
  /** Shared cases as last applied from the team's entries (see data/team). */
  teamCases: Table<TeamCaseRow, string>
}

export {
  backedUpTables,
  backupSchemaVersion,
  openAppDatabase,
  schemaVersion,
} from './openAppDatabase'

/**
 * The name of the app's database in this page, read once at load (see databasePointer): a restore
 * reloads the page.
 */
export const databaseName = copiedDatabaseName()

/** The app's one database; tests open their own with `openAppDatabase`. */
export const appDatabase = openAppDatabase(databaseName)

type OnDatabase<Functions> = {
  [Name in keyof Functions]: Functions[Name] extends (
    db: AppDatabase,
    ...args: infer Args
  ) => infer Result
    ? (...args: Args) => Result
    : never
}

/**
 * A repository's functions take the database first, so tests run them on a database of their
 * own; features get them bound to the app's one database.
 */
export function onAppDatabase<
  Functions extends Record<string, (db: AppDatabase, ...args: never[]) => unknown>,
>(functions: Functions): OnDatabase<Functions> {
  return Object.fromEntries(
    Object.entries(functions).map(([name, run]) => [
      name,
      (...args: never[]) => run(appDatabase, ...args),
    ]),
  ) as OnDatabase<Functions>
}
