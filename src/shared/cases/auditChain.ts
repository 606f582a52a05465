import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { canonicalJson } from './canonicalJson'
import type { Actor } from '../identity/investigator'
import type { AuditEntry } from './caseSchemas'

/** The hash the first entry of a trail chains to. */
export const genesisHash = '0'.repeat(64)

export type AuditChange = Pick<AuditEntry, 'action' | 'summary' | 'before' | 'after'>

/** The hash of every member of an entry but its own hash: editing any of them breaks the chain. */
export function auditEntryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const { caseId, seq, at, action, summary, before, after, prevHash, actor } = entry
  const text = canonicalJson({
    caseId,
    seq,
    at,
    action,
    summary,
    before,
    after,
    prevHash,
    ...(actor ? { actor } : {}),
  })
  return bytesToHex(sha256(utf8ToBytes(text)))
}

/** The entry that follows `previous` (or starts the trail) with this change. */
export function nextAuditEntry(
  caseId: string,
  previous: AuditEntry | undefined,
  change: AuditChange,
  actor: Actor,
  at: string = new Date().toISOString(),
): AuditEntry {
  const unhashed = {
    caseId,
    seq: (previous?.seq ?? 0) + 1,
    at,
    action: change.action,
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
    prevHash: previous?.hash ?? genesisHash,
    actor,
  }
  return { ...unhashed, hash: auditEntryHash(unhashed) }
}

export type AuditChainCheck =
  | { intact: true; entries: number; headHash: string }
  | { intact: false; entries: number; seq: number; problem: string }

/** Walks a trail in order: a missing, reordered, inserted or edited entry is named by its number. */
export function verifyAuditChain(entries: readonly AuditEntry[]): AuditChainCheck {
  let previousHash = genesisHash
  for (const [index, entry] of entries.entries()) {
    const expectedSeq = index + 1
    const fail = (problem: string): AuditChainCheck => ({
      intact: false,
      entries: entries.length,
      seq: expectedSeq,
      problem,
    })
    if (entry.seq !== expectedSeq) {
      return fail(`entry ${expectedSeq} is missing: entry ${entry.seq} comes in its place`)
    }
    if (entry.prevHash !== previousHash) {
      return fail(`entry ${expectedSeq} does not chain to the entry before it`)
    }
    const { hash, ...unhashed } = entry
    if (auditEntryHash(unhashed) !== hash) {
      return fail(`entry ${expectedSeq} was changed after it was written`)
    }
    previousHash = hash
  }
  return { intact: true, entries: entries.length, headHash: previousHash }
}
