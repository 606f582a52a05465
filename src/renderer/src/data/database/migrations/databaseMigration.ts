import type { Transaction } from 'dexie'

export interface DatabaseMigration {
  version: number
  name: string
  /** Dexie store definitions of this version (only tables that change need listing). */
  stores: Record<string, string | null>
  /**
   * It adds only what is derived from the tables a backup holds (see derivedTables), so a backup
   * made before it restores unchanged.
   */
  derivedOnly?: boolean
  upgrade?: (transaction: Transaction) => Promise<void>
}
