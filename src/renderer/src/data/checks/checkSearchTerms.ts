import type { CryptoCheck } from '../../../../shared/bridge/cryptoContract'
import { datasetName, topicName } from '../../../../shared/records/recordVocabulary'

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

/**
 * The shortest text History looks for inside words. Shorter words are not looked up at all: two
 * characters such as "0x" or "bc" are inside nearly every identifier, so they would select most of
 * History and tell the user nothing (the filter bar says so).
 */
export const shortestFragment = 3

/**
 * Every suffix of at least `shortestFragment` characters of every word (a word is its own first
 * suffix). A check is found by any text inside one of its words with one prefix range on the
 * multiEntry index of these: "text inside a word" is "the start of one of its suffixes", and a
 * prefix range reads primary keys in one go. (Every other suffix with the character before it
 * halves the entries, but then half the lookups must read index keys with a cursor, an entry at a
 * time: ten times slower at 200,000 checks.) Plain JavaScript with no imports, so the bench
 * installs this very function in its page.
 */
export function searchFragments(words: Iterable<string>): string[] {
  const fragments = new Set<string>()
  for (const word of words) {
    for (let start = 0; word.length - start >= 3; start += 1) fragments.add(word.slice(start))
  }
  return [...fragments]
}

/** The words of what is typed that History looks up: those long enough to look inside words. */
export const typedFragments = (text: string): string[] =>
  checkWords(text).filter((word) => word.length >= shortestFragment)

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : []

const searchedFields = ['title', 'publicKey', 'alias'] as const

/**
 * What a check is found by: its identifier and its records' titles, keys and aliases, and their
 * datasets and topics both as codes (`us_ofac_sdn`, `role.pep`) and by their human names ("US
 * OFAC SDN list", "Politically exposed person"), so "sdn", "pep" and "politically" all find them.
 */
export function checkSearchTexts(query: string, check: CryptoCheck | undefined): string[] {
  const texts = [query]
  for (const records of Object.values(check?.categories ?? {})) {
    for (const record of records) {
      for (const field of searchedFields) texts.push(...textsOf(record[field]))
      for (const code of textsOf(record.datasets)) texts.push(code, datasetName(code))
      for (const code of textsOf(record.topics)) texts.push(code, topicName(code))
    }
  }
  return texts
}

/** The index entries of a check or an attempt from the texts it is found by. */
export const searchTermsOf = (texts: readonly string[]): string[] =>
  searchFragments(new Set(texts.flatMap(checkWords)))

/** The index entries of an answered check. */
export const checkSearchTerms = (query: string, check: CryptoCheck): string[] =>
  searchTermsOf(checkSearchTexts(query, check))

/** The index entries of any stored record, answered or not (an attempt is found by its error too). */
export const recordSearchTerms = (record: {
  query: string
  check?: CryptoCheck
  error?: { name: string }
}): string[] =>
  searchTermsOf([
    ...checkSearchTexts(record.query, record.check),
    ...(record.error ? [record.error.name] : []),
  ])
