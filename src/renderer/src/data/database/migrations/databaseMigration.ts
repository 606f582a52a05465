import type { Transaction } from 'dexie'

export interface DatabaseMigration {
  version: number
  name: string
  /** Dexie store definitions of this version (only tables that change need listing). */
  stores: Record<string, string | null>
  upgrade?: (transaction: Transaction) => Promise<void>
}
