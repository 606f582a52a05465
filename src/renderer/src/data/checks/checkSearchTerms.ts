import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'

/**
 * The one tokeniser of checks: a check is indexed by these words and History's free-text filter
 * splits what is typed the same way, so a word that was indexed can always be found.
 */
export const checkWords = (text: string): string[] => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[\s,;:()"']+/)
      .filter(Boolean),
  ),
]

const wordsOf = (value: unknown, into: Set<string>): void => {
  if (typeof value === 'string') {
    for (const word of checkWords(value)) into.add(word)
  } else if (Array.isArray(value)) {
    for (const item of value) wordsOf(item, into)
  }
}

const searchedFields = ['title', 'publicKey', 'datasets', 'topics', 'alias'] as const

/** The words History's free-text filter finds a check by: its identifier and its records' titles, keys, datasets and topics. */
export function checkSearchTerms(query: string, result: CryptoSearchResult): string[] {
  const terms = new Set<string>()
  wordsOf(query, terms)
  for (const records of Object.values(result.check.categories)) {
    for (const record of records) for (const field of searchedFields) wordsOf(record[field], terms)
  }
  return [...terms]
}
