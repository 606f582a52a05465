import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

/**
 * The part of PouchDB the team services use, typed here because PouchDB's published typings pull
 * the browser's DOM library into the main side's Node program. Everything else of PouchDB stays
 * out of reach on purpose: entries are only ever created, never edited or deleted.
 */
export interface StoredDocument {
  _id: string
  _rev?: string
  /** The other leaf revisions the database holds, when read with `conflicts: true`. */
  _conflicts?: string[]
  [member: string]: unknown
}

export interface Replication {
  on(event: 'active' | 'complete', listener: () => void): Replication
  on(event: 'paused', listener: (failure?: unknown) => void): Replication
  on(event: 'change' | 'denied' | 'error', listener: (info: unknown) => void): Replication
  cancel(): void
}

export interface ReplicationOptions {
  live?: boolean
  retry?: boolean
  back_off_function?: (previousMs: number) => number
  /** Which documents to send (to a server: a function run on this desk). */
  filter?: (document: StoredDocument) => boolean
}

export interface TeamDatabase {
  info(): Promise<{ update_seq: number | string; doc_count: number }>
  /**
   * The winning revision unless `rev` names another. With `attachments` and `binary`, each
   * attachment's `data` is its bytes (a Buffer).
   */
  get(
    id: string,
    options?: { rev?: string; conflicts?: boolean; attachments?: boolean; binary?: boolean },
  ): Promise<StoredDocument>
  put(document: StoredDocument): Promise<{ ok: boolean; id: string; rev: string }>
  bulkDocs(
    documents: StoredDocument[],
    options?: { new_edits?: boolean },
  ): Promise<Array<{ ok?: boolean; id?: string; error?: string; reason?: string }>>
  allDocs(options: {
    include_docs?: boolean
    conflicts?: boolean
    attachments?: boolean
    binary?: boolean
    startkey?: string
    endkey?: string
    keys?: string[]
  }): Promise<{ rows: Array<{ id: string; doc?: StoredDocument; error?: string }> }>
  changes(options: { since: number | string; limit?: number }): Promise<{
    results: Array<{ id: string; seq: number | string }>
    last_seq: number | string
  }>
  replicate: {
    to(target: TeamDatabase, options?: ReplicationOptions): Replication & PromiseLike<unknown>
    from(source: TeamDatabase, options?: ReplicationOptions): Replication & PromiseLike<unknown>
  }
  close(): Promise<void>
}

export interface PouchConstructor {
  new (name: string, options?: Record<string, unknown>): TeamDatabase
  plugin(plugin: unknown): PouchConstructor
}

const load = createRequire(import.meta.url)

/** PouchDB itself, loaded once: leveldb on disk for a desk, HTTP for the team server. */
export const pouch = (): PouchConstructor => load('pouchdb') as PouchConstructor

/** This desk's copy of the team database, in its own folder of the data folder (private to the user). */
export function openLocalTeamDatabase(folder: string): TeamDatabase {
  mkdirSync(dirname(folder), { recursive: true, mode: 0o700 })
  return new (pouch())(folder)
}

/**
 * The team server's database, with the member's name and password on every request.
 *
 * PouchDB 9's replication asks its source for `info()` after each batch only to count progress in
 * its active tasks, and drops that promise: the connection lost at that moment was an unhandled
 * rejection, which ends a Node process (the browser host, Electron's main side). Nothing here reads
 * the server's info, so a failed one is told as an empty one; the replication itself still meets
 * the lost connection on its next request, and retries.
 */
export function openRemoteTeamDatabase(
  url: string,
  auth: { username: string; password: string },
): TeamDatabase {
  const remote = new (pouch())(url, { auth, skip_setup: true })
  const info = remote.info.bind(remote)
  remote.info = () => info().catch(() => ({ update_seq: 0, doc_count: 0 }))
  return remote
}
