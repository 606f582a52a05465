/**
 * JSON with object keys sorted at every depth, so that equal values always give equal text and
 * therefore equal hashes, whatever order their members were built in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(member).sort()) {
      sorted[key] = (member as Record<string, unknown>)[key]
    }
    return sorted
  })
}
