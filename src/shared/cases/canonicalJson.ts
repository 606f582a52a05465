import canonicalize from 'canonicalize'

/**
 * JSON in the canonical form of RFC 8785 (JCS): members sorted by their UTF-16 code units at
 * every depth and numbers written as ECMAScript writes them, so equal values always give equal
 * text and therefore equal hashes, whatever order their members were built in.
 *
 * For the data the app hashes (audit entries, records) the text is the one the earlier
 * key-sorting version wrote, so stored trails still verify. Two things differ, both to the good:
 * an own `__proto__` member (JSON.parse makes one) is kept instead of silently dropped, and keys
 * that look like array indices ("10", "9") are sorted as text like every other key.
 *
 * A missing value (`undefined`) has no JSON text; it comes back as the bare word `undefined`,
 * which no JSON text can be, so comparing two canonical forms still tells it from any value.
 * Anything else JCS cannot write (NaN, Infinity, a lone surrogate, a function) is an error.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined'
  let text: string | undefined
  try {
    text = canonicalize(value)
  } catch (error) {
    throw new Error(
      `This value cannot be written as canonical JSON (RFC 8785): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (text === undefined) {
    throw new Error(`This value cannot be written as canonical JSON (RFC 8785): a ${typeof value}`)
  }
  return text
}
