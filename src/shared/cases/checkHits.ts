import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { canonicalJson } from './canonicalJson'

/**
 * One matched record of one category of a check: what an investigator decides on. A record is
 * what the list lists: OFAC lists one wallet of "Sim, Hyon Sop" for ARB, BSC and ETH as three
 * records, and they are three hits, each decided on its own.
 */
export interface CheckHit {
  category: string
  /**
   * `<category>:<record key>@<chains>#<holder>` (the last two when the record names them): the
   * same listed record in a later check of the same identifier has the same key.
   */
  hitKey: string
  /**
   * `<category>:<record key>`, the key hits had before they named the record's chain and holder.
   * Decisions made then carry it; such a decision was on the record whatever its chain, and is
   * read so (decisionOnHit), since trails and signed bundles keep it as it was made.
   */
  chainlessKey: string
  title: string
  /** Who the list names as holding the wallet (its first alias), else the record's title. */
  holder: string
  /** The chains or currencies the list gives the wallet ("ETH"), as it gives them. */
  chains: string[]
  /** The source lists the record comes from, when the service names them. */
  datasets: string[]
  record: Record<string, unknown>
}

/** The keys that find a decision on a hit. */
export type HitKeys = Pick<CheckHit, 'hitKey' | 'chainlessKey'>

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  )

const firstText = (value: unknown): string | undefined => texts(value)[0]

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

/** The chains a record gives its wallet, each once, in the list's order. */
export const chainsOf = (record: Record<string, unknown>): string[] => [
  ...new Set(texts(record.currency)),
]

const sortedSet = (values: readonly string[]): string[] => [...new Set(values)].sort()

/**
 * The listed record a hit is: its key, the chains the list gives and, when the service gives no
 * id of its own, the holder's names, since two holders may be listed for one wallet on one chain
 * (OFAC lists 1H939dom… for two people) and each is a listing of its own. Chains and names are
 * sorted: the order an answer gives them in says nothing.
 */
export function hitKeyOf(category: string, record: Record<string, unknown>): string {
  const chains = sortedSet(texts(record.currency))
  const names = firstText(record.id) === undefined ? sortedSet(texts(record.alias)) : []
  return [
    `${category}:${recordKey(record)}`,
    chains.length > 0 ? `@${chains.join(',')}` : '',
    names.length > 0 ? `#${names.join(';')}` : '',
  ].join('')
}

/**
 * The chains and holders a hit key names (`hitKeyOf`), read back from the key alone: what a
 * decision keeps of its record. Chain codes never hold "@" or "#", nor names "#", so the key is
 * read from its end; a key written before hits named them (`<category>:<record>`) names none.
 */
export function hitKeyParts(hitKey: string): { chains: string[]; holders: string[] } {
  const hash = hitKey.lastIndexOf('#')
  const holders = hash >= 0 ? hitKey.slice(hash + 1).split(';') : []
  const rest = hash >= 0 ? hitKey.slice(0, hash) : hitKey
  const at = rest.lastIndexOf('@')
  return { chains: at >= 0 ? rest.slice(at + 1).split(',') : [], holders }
}

export function hitsOf(check: CryptoCheck): CheckHit[] {
  const hits: CheckHit[] = []
  for (const [category, records] of Object.entries(check.categories)) {
    for (const record of records) {
      const title = firstText(record.title) ?? firstText(record.name) ?? recordKey(record)
      hits.push({
        category,
        hitKey: hitKeyOf(category, record),
        chainlessKey: `${category}:${recordKey(record)}`,
        title,
        holder: firstText(record.alias) ?? title,
        chains: chainsOf(record),
        datasets: Array.isArray(record.datasets)
          ? record.datasets.filter((item): item is string => typeof item === 'string')
          : [],
        record,
      })
    }
  }
  return hits
}

/** The holders the checks' records name, each once in the order found: what a search finds a case by. */
export const namedHolders = (checks: readonly CryptoCheck[]): string[] => [
  ...new Set(
    checks.flatMap((check) =>
      hitsOf(check).flatMap((hit) => (hit.holder === hit.title ? [] : [hit.holder])),
    ),
  ),
]

/** The decision's key for a hit of a check in a case. */
export const hitDecisionId = (caseId: string, checkId: string, hitKey: string): string =>
  `${caseId}|${checkId}|${hitKey}`

/**
 * The decision on a hit of a check in a case: the one made on it, else one made before hits named
 * their chain (keyed `<category>:<record key>`), which held for the record on every chain. Stored
 * decisions and trails are read as they are, never rewritten: a trail is chained and signed.
 */
export function decisionOnHit<Decision>(
  decisions: ReadonlyMap<string, Decision>,
  caseId: string,
  checkId: string,
  hit: HitKeys,
): Decision | undefined {
  return (
    decisions.get(hitDecisionId(caseId, checkId, hit.hitKey)) ??
    decisions.get(hitDecisionId(caseId, checkId, hit.chainlessKey))
  )
}
