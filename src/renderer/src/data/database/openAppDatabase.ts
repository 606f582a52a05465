import { Dexie, type Table } from 'dexie'
import type { AppDatabase } from './appDatabase'
import type { DatabaseMigration } from './migrations/databaseMigration'
import { initialSchema } from './migrations/0001-initial'
import { checksSchema } from './migrations/0002-checks'
import { outboxSchema } from './migrations/0003-outbox'
import { entitySearchSchema } from './migrations/0004-entity-search'
import { checkEntityLinksSchema } from './migrations/0005-check-entity-links'
import { casesSchema } from './migrations/0006-cases'
import { checkAttemptsSchema } from './migrations/0007-check-attempts'
import { bulkJobsSchema } from './migrations/0008-bulk-jobs'
import { watchesSchema } from './migrations/0009-watches'
import { checkFragmentsSchema } from './migrations/0010-check-fragments'
import { caseSummariesSchema } from './migrations/0011-case-summaries'
import { checkTallySchema } from './migrations/0012-check-tally'
import { caseSummaryHoldersSchema } from './migrations/0013-case-summary-holders'
import { caseSummaryReviewSchema } from './migrations/0014-case-summary-review'
import { teamCasesSchema } from './migrations/0015-team-cases'
import { caseSummaryWalletsSchema } from './migrations/0016-case-summary-wallets'
import { checkTallyMiddleware, talliesTable } from './checkTally'
import { teamCasesTable } from './teamCasesTable'

/** Every schema version in order; the last one is the database's version. */
const migrations: readonly DatabaseMigration[] = [
  initialSchema,
  checksSchema,
  outboxSchema,
  entitySearchSchema,
  checkEntityLinksSchema,
  casesSchema,
  checkAttemptsSchema,
  bulkJobsSchema,
  watchesSchema,
  checkFragmentsSchema,
  caseSummariesSchema,
  checkTallySchema,
  caseSummaryHoldersSchema,
  caseSummaryReviewSchema,
  teamCasesSchema,
  caseSummaryWalletsSchema,
]
export const schemaVersion = migrations[migrations.length - 1]?.version ?? 0

/** The version a backup's rows are of: the last migration that changed what a backup holds. */
export const backupSchemaVersion =
  migrations.filter((migration) => !migration.derivedOnly).at(-1)?.version ?? 0

/** Tables kept from the others by the app itself, which a backup leaves out and a restore derives. */
const derivedTables: ReadonlySet<string> = new Set([talliesTable, teamCasesTable])

/** The tables a backup holds: all but those the app derives from them. */
export const backedUpTables = (db: Dexie): Table[] =>
  db.tables.filter((table) => !derivedTables.has(table.name))

/**
 * The app's database called `name`, at the current schema. Apart from appDatabase, which opens
 * the page's database at load from the page's localStorage: a worker has none, and opens the
 * database the page names.
 */
export function openAppDatabase(name: string): AppDatabase {
  const db = new Dexie(name) as AppDatabase
  for (const migration of migrations) {
    const version = db.version(migration.version).stores(migration.stores)
    if (migration.upgrade) version.upgrade(migration.upgrade)
  }
  db.use(checkTallyMiddleware)
  return db
}
