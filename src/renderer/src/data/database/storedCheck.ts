import type { CheckRecord, StoredCheck } from './appDatabase'

/**
 * An attempt that was answered. Apart from appDatabase, whose loading waits for the database's
 * name: the schema's migrations use this, and History's worker loads them without that wait.
 */
export const isStoredCheck = (record: CheckRecord): record is StoredCheck =>
  record.outcome === 'succeeded'
