import type { CryptoCheck } from '../bridge/cryptoContract'
import { hitsOf } from '../cases/checkHits'
import { datasetName } from '../records/recordVocabulary'

/** Who and what an answered check of a bulk job matched, as a reviewer reads it. */
export interface BulkMatch {
  /** The holders' names the matched records give (their first alias, else their title). */
  holders: string[]
  /** The lists the records come from, by name ("US OFAC SDN list"). */
  lists: string[]
  /** The chains or currencies the lists give the matched wallets ("ETH", "TRX"). */
  chains: string[]
}

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  )

const distinct = (values: Iterable<string>): string[] => [...new Set(values)]

/** Every matched record's holder, lists and chain, each named once, in the answer's order. */
export function bulkMatchOf(check: CryptoCheck): BulkMatch {
  const hits = hitsOf(check)
  return {
    holders: distinct(hits.map((hit) => texts(hit.record.alias)[0] ?? hit.title)),
    lists: distinct(hits.flatMap((hit) => hit.datasets.map(datasetName))),
    chains: distinct(hits.flatMap((hit) => texts(hit.record.currency))),
  }
}
