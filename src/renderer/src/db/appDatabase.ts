import { Dexie, type Table } from 'dexie'
import type { Entity } from '../../../shared/bridge/entitiesContract'
import type { EnvironmentId } from '../../../shared/environments'
import type { DatabaseMigration } from './migrations/databaseMigration'
import { initialSchema } from './migrations/0001-initial'

/** Every schema version in order; the last one is the database's version. */
const migrations: readonly DatabaseMigration[] = [initialSchema]
export const schemaVersion = migrations[migrations.length - 1]?.version ?? 0
export const databaseName = 'compliance-desk'

export interface CachedEntity {
  environment: EnvironmentId
  id: string
  fetchedAt: string
  entity: Entity
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

export type AppDatabase = Dexie & {
  entities: Table<CachedEntity, [EnvironmentId, string]>
  entityPages: Table<CachedEntityPage, [EnvironmentId, number, number]>
}

export function openAppDatabase(name: string = databaseName): AppDatabase {
  const db = new Dexie(name) as AppDatabase
  for (const migration of migrations) {
    const version = db.version(migration.version).stores(migration.stores)
    if (migration.upgrade) version.upgrade(migration.upgrade)
  }
  return db
}

/** The app's one database; tests open their own with `openAppDatabase`. */
export const appDatabase = openAppDatabase()
