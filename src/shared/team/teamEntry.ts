import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { z } from 'zod'
import { canonicalJson } from '../cases/canonicalJson'
import {
  actorSchema,
  keyFingerprint,
  publicKeyHexSchema,
  verifyEd25519,
} from '../identity/investigator'

/**
 * What a team shares is entries, never documents edited in place: each change a member makes is
 * one immutable document with a deterministic id, signed by its author's key and chained to the
 * entry their desk wrote before it in the same scope. A scope is one case, or the team's roster.
 * The server's validation function and every desk read entries with this one definition.
 */

/** The roster's scope: who is in the team and which keys speak for them. */
export const rosterScope = 'roster'

export const teamScopeSchema = z.union([
  z.literal(rosterScope),
  z.string().regex(/^case_[A-Za-z0-9-]+$/, 'must be a case id or the roster'),
])
export type TeamScope = z.infer<typeof teamScopeSchema>

const memberName = '[a-z][a-z0-9._-]{1,63}'
const deviceId = '[0-9a-f]{32}'

/** One desk (one installation's data folder): 16 random bytes in hex, made once and kept. */
export const deviceIdSchema = z.string().regex(new RegExp(`^${deviceId}$`), 'must be a device id')

/**
 * A member's login name on the team server, as CouchDB allows user names, kept to characters that
 * need no escaping in ids, URLs or the validation function.
 */
export const memberNameSchema = z
  .string()
  .regex(
    new RegExp(`^${memberName}$`),
    'must be 2–64 characters: lower-case letters, digits, ".", "_" or "-", starting with a letter',
  )

/**
 * One chain of entries in a scope: a member's desk, as `<member>/<device>`. A device id alone is
 * no name (anyone can copy one), so a member who reuses another desk's device id starts a chain of
 * their own and can fork nobody's but theirs.
 */
export const teamChainKey = (member: string, device: string): string => `${member}/${device}`

const teamChainKeySchema = z
  .string()
  .regex(new RegExp(`^${memberName}/${deviceId}$`), 'must be a member and a device id')

const hexHash = z.string().regex(/^[0-9a-f]{64}$/)

/** The hash the first entry of a chain in a scope chains to. */
export const teamGenesisHash = '0'.repeat(64)

/** Sequence numbers are written with ten digits so ids sort in the order they were written. */
const seqDigits = 10

/**
 * An entry's id names its member: the server lets a member write only ids with their own name in
 * them, so a second revision under an entry's id (CouchDB validates one sent with `new_edits:
 * false` as a new document) can only come from the entry's own member. Member names hold no colon.
 */
export const teamEntryId = (
  scope: TeamScope,
  member: string,
  device: string,
  deviceSeq: number,
): string => `entry:${scope}:${member}:${device}:${String(deviceSeq).padStart(seqDigits, '0')}`

/** The id an entry's content names. */
export const idOfTeamEntry = (
  entry: Pick<UnsignedTeamEntry, 'scope' | 'member' | 'device' | 'deviceSeq'>,
): string => teamEntryId(entry.scope, entry.member, entry.device, entry.deviceSeq)

/** Everything of an entry its author signs: all of it but its hash and signature. */
export const unsignedTeamEntrySchema = z.strictObject({
  scope: teamScopeSchema,
  device: deviceIdSchema,
  /** 1, 2, 3… per member, device and scope, without gaps: a missing entry shows as a gap. */
  deviceSeq: z.number().int().positive(),
  /** The hash of the previous entry of this member's device in this scope, or `teamGenesisHash`. */
  prevHash: hexHash,
  /** The team server's login that sent it: the server refuses any other. */
  member: memberNameSchema,
  /** Who made the change, with the fingerprint of the key that signs it. */
  author: actorSchema,
  /** The author's public key; it counts only if the roster gives it to this member. */
  publicKey: publicKeyHexSchema,
  /** When the author made it, by their computer's clock: shown, never used to order. */
  at: z.iso.datetime(),
  /**
   * A Lamport clock per scope: one more than the highest of the entries the author's desk held in
   * this scope when writing. Replays order by it, then member, device and sequence.
   */
  clock: z.number().int().positive(),
  /**
   * For each chain (`teamChainKey`: member and device), the highest sequence of its entries in this
   * scope the author's desk held when writing: an entry saw another exactly when this covers it,
   * which is how two changes made without knowing of each other are told apart from a change and
   * its correction.
   */
  seen: z.record(teamChainKeySchema, z.number().int().nonnegative()),
  action: z.string().min(1).max(64),
  summary: z.string().max(2000),
  before: z.unknown(),
  after: z.unknown(),
  /** SHA-256 of each attachment (the raw bytes of a linked check), by attachment name. */
  attachments: z.record(z.string().min(1).max(200), hexHash).optional(),
})
export type UnsignedTeamEntry = z.infer<typeof unsignedTeamEntrySchema>

export const teamEntrySchema = unsignedTeamEntrySchema.extend({
  /** SHA-256 of the canonical JSON (RFC 8785) of the unsigned entry. */
  hash: hexHash,
  /** Ed25519 over the hash's 32 bytes, by the author's key. */
  signature: z.string().regex(/^[0-9a-f]{128}$/),
})
export type TeamEntry = z.infer<typeof teamEntrySchema>

/** An entry as the database stores it: its deterministic id beside it, CouchDB's fields ignored. */
export type TeamEntryDocument = TeamEntry & { _id: string; type: 'entry' }

export const teamEntryHash = (entry: UnsignedTeamEntry): string =>
  bytesToHex(sha256(utf8ToBytes(canonicalJson(entry))))

/** Builds the signed entry; `sign` is the author's key, which only the main side holds. */
export function signTeamEntry(
  unsigned: UnsignedTeamEntry,
  sign: (message: Uint8Array) => string,
): TeamEntry {
  const hash = teamEntryHash(unsigned)
  return { ...unsigned, hash, signature: sign(hexToBytes(hash)) }
}

export const teamEntryDocument = (entry: TeamEntry): TeamEntryDocument => ({
  _id: idOfTeamEntry(entry),
  type: 'entry',
  ...entry,
})

export type EntrySelfCheck = { ok: true; entry: TeamEntry } | { ok: false; problem: string }

/** How a signature is checked; `verifyEd25519` unless a desk remembers what it already checked. */
export type SignatureCheck = (
  signatureHex: string,
  message: Uint8Array,
  publicKeyHex: string,
) => boolean

/**
 * What can be told of an entry on its own: its shape, that its id is the one its content names,
 * that its hash is its content's, that its key is the fingerprint it claims, and that the key
 * signed it. Whether the key may speak for its member is the roster's question, not this one's.
 */
export function checkTeamEntry(
  document: unknown,
  verify: SignatureCheck = verifyEd25519,
): EntrySelfCheck {
  const raw = z.looseObject({ _id: z.string() }).safeParse(document)
  if (!raw.success) return { ok: false, problem: 'it is not an entry document' }
  const { _id, type } = raw.data
  if (type !== 'entry') return { ok: false, problem: `${_id} is not an entry` }
  // CouchDB's own members (`_rev`, `_attachments`…) are the database's, not the author's.
  const rest = Object.fromEntries(
    Object.entries(raw.data).filter(([key]) => !key.startsWith('_') && key !== 'type'),
  )
  const parsed = teamEntrySchema.safeParse(rest)
  if (!parsed.success) return { ok: false, problem: `${_id} does not hold what an entry holds` }
  const entry = parsed.data
  if (_id !== idOfTeamEntry(entry)) {
    return { ok: false, problem: `${_id} names another entry than the one it holds` }
  }
  const { hash, signature, ...unsigned } = entry
  if (teamEntryHash(unsigned) !== hash) {
    return { ok: false, problem: `${_id} was changed after it was signed` }
  }
  if (keyFingerprint(entry.publicKey) !== entry.author.fingerprint) {
    return { ok: false, problem: `${_id} claims a key fingerprint its key does not have` }
  }
  if (!verify(signature, hexToBytes(hash), entry.publicKey)) {
    return { ok: false, problem: `${_id} has a signature its key did not make` }
  }
  return { ok: true, entry }
}
