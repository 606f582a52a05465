import { summariseEveryCase } from './summariseEveryCase'
import type { DatabaseMigration } from './databaseMigration'

/**
 * The case list counts a case's wallets, as its checks tab does (a re-screened wallet is one
 * wallet with two checks), so each summary gets its count of wallets. Derived only: a backup made
 * before this restores unchanged, its summaries counting checks until their case next changes.
 */
export const caseSummaryWalletsSchema: DatabaseMigration = {
  version: 16,
  name: 'case-summary-wallets',
  stores: {},
  derivedOnly: true,
  upgrade: summariseEveryCase,
}
