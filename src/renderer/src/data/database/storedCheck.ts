import type { CheckRecord, StoredCheck } from './appDatabase'

/**
 * An attempt that was answered. Apart from appDatabase, which opens the page's database at load:
 * the schema's migrations use this, and History's worker loads them without that database.
 */
export const isStoredCheck = (record: CheckRecord): record is StoredCheck =>
  record.outcome === 'succeeded'
