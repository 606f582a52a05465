import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

/** Crockford's base 32: no I, L, O or U, so a number read aloud or typed back is not misread. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A case's readable number, "CD-7K3M-Q9XA": derived from its id, never assigned.
 *
 * Why derived and not counted: a counter ("CD-0042") is one computer's sequence, and when cases
 * replicate between computers (DESIGN.md, "Later: a team") two of them would both hand out 42. The
 * id is already what two computers cannot both invent (`case_` and a random UUID), so the number
 * is 40 bits of SHA-256 over it: the same case carries the same number on every computer, in every
 * bundle and after every import or restore, and old cases have theirs without a migration. Two
 * cases share a number only by chance: among 5,000 cases, about 1 in 88,000 that any two do
 * (5,000² / 2 / 2⁴⁰). The id stays the key and is shown beside the number, which is what people
 * say and search for.
 */
export function caseNumber(caseId: string): string {
  const digest = sha256(utf8ToBytes(caseId))
  let bits = 0n
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte)
  let digits = ''
  for (let index = 0; index < 8; index += 1) {
    digits = (alphabet[Number(bits & 31n)] ?? '0') + digits
    bits >>= 5n
  }
  return `CD-${digits.slice(0, 4)}-${digits.slice(4)}`
}
