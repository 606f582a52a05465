import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { canonicalJson } from './canonicalJson'

/** One matched record of one category of a check: what an investigator decides on. */
export interface CheckHit {
  category: string
  /** `<category>:<record key>`: the same record in a later check of the same identifier has the same key. */
  hitKey: string
  title: string
  /** The source lists the record comes from, when the service names them. */
  datasets: string[]
  record: Record<string, unknown>
}

const firstText = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : undefined
}

/**
 * A record's stable identity: its id when the service sends one, else its public key or title
 * (the spec shows wallets keyed by them), else a hash of the whole record.
 */
export function recordKey(record: Record<string, unknown>): string {
  return (
    firstText(record.id) ??
    firstText(record.publicKey) ??
    firstText(record.title) ??
    `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(record)))).slice(0, 32)}`
  )
}

export const hitKeyOf = (category: string, record: Record<string, unknown>): string =>
  `${category}:${recordKey(record)}`

export function hitsOf(check: CryptoCheck): CheckHit[] {
  const hits: CheckHit[] = []
  for (const [category, records] of Object.entries(check.categories)) {
    for (const record of records) {
      hits.push({
        category,
        hitKey: hitKeyOf(category, record),
        title: firstText(record.title) ?? firstText(record.name) ?? recordKey(record),
        datasets: Array.isArray(record.datasets)
          ? record.datasets.filter((item): item is string => typeof item === 'string')
          : [],
        record,
      })
    }
  }
  return hits
}

/** The decision's key for a hit of a check in a case. */
export const hitDecisionId = (caseId: string, checkId: string, hitKey: string): string =>
  `${caseId}|${checkId}|${hitKey}`
