/**
 * Why a record matched the searched identifier, told from the record itself: which of its fields
 * carries the identifier, and how (exactly, or ignoring letter case as EVM addresses are read).
 * The service does not say why; this is what the record shows, never a guess about the service.
 */

export type MatchKind = 'exact' | 'ignoring-case' | 'contains' | 'unexplained'

export interface MatchReason {
  kind: MatchKind
  /** The record's field that carries the identifier; null when none does. */
  field: string | null
  /** One sentence an investigator reads beside the record. */
  sentence: string
}

/** Fields read first: where a wallet record names its identifier. */
const preferredFields = ['publicKey', 'title', 'alias']

const textsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item.trim() !== '',
  )

/** 0x-hex identifiers (every EVM chain) are the same address in any letter case. */
const isHexIdentifier = (text: string): boolean => /^0x[0-9a-f]+$/i.test(text)

const fieldsInOrder = (record: Record<string, unknown>): string[] => [
  ...preferredFields.filter((field) => field in record),
  ...Object.keys(record).filter((field) => !preferredFields.includes(field)),
]

export function matchReason(query: string, record: Record<string, unknown>): MatchReason {
  const wanted = query.trim()
  if (wanted === '') {
    return { kind: 'unexplained', field: null, sentence: 'Nothing was searched for.' }
  }
  const fields = fieldsInOrder(record)
  const kindIn = (value: string): MatchKind | null => {
    const text = value.trim()
    if (text === wanted) return 'exact'
    if (isHexIdentifier(wanted) && text.toLowerCase() === wanted.toLowerCase())
      return 'ignoring-case'
    return null
  }
  // The strongest kind in the most telling field: an exact match anywhere beats a partial one.
  for (const kind of ['exact', 'ignoring-case'] as const) {
    for (const field of fields) {
      if (textsOf(record[field]).some((value) => kindIn(value) === kind)) {
        return {
          kind,
          field,
          sentence:
            kind === 'exact'
              ? `Exact match of the address with the record’s ${field}.`
              : `Match of the address with the record’s ${field}, ignoring letter case (an EVM address is the same in any case).`,
        }
      }
    }
  }
  const folded = isHexIdentifier(wanted) ? wanted.toLowerCase() : wanted
  for (const field of fields) {
    const found = textsOf(record[field]).some((value) =>
      (isHexIdentifier(wanted) ? value.toLowerCase() : value).includes(folded),
    )
    if (found) {
      return {
        kind: 'contains',
        field,
        sentence: `The record’s ${field} contains the address, with more around it: compare them closely.`,
      }
    }
  }
  return {
    kind: 'unexplained',
    field: null,
    sentence:
      'The address appears in none of the record’s fields: the service matched it on something it did not send. Judge it with care.',
  }
}
