import { validateAddress, type AddressChain } from '../address'
import type { BulkTable } from './bulkTable'

/** An input row whose address cannot be checked, with the line it is on and why. */
export interface InvalidRow {
  /** Index into the table's rows. */
  row: number
  line: number
  address: string
  chain: AddressChain | null
  reason: string
}

/** One check to run (or reuse) for every row whose address is the same after normalisation. */
export interface PlannedCheck {
  /** As written in the first row that has it (trimmed): what is sent. */
  address: string
  /** The form History keys checks by (the app's address check's canonical form). */
  queryKey: string
  chain: AddressChain | null
}

export interface BulkPlan {
  /** Per table row: the index of its check in `checks`, or -1 when its address is invalid. */
  rowChecks: Int32Array
  checks: PlannedCheck[]
  invalid: InvalidRow[]
  /** Rows beyond the first of their check. */
  duplicateCount: number
}

/**
 * EVM addresses are one account whatever their letters' case; every other format is compared
 * exactly (Base58 and the rest are case-sensitive; bech32 is written in one case).
 */
export const dedupeKeyOf = (address: string, chain: AddressChain | null): string =>
  chain === 'ethereum' ? address.toLowerCase() : address

/** What the address check said of one text: the check it joins, or why it cannot be sent. */
interface Verdict {
  /** -1 when invalid. */
  check: number
  chain: AddressChain | null
  reason: string
}

const trimmed = (cell: string): string => {
  const last = cell.length - 1
  return last >= 0 && cell.charCodeAt(0) > 32 && cell.charCodeAt(last) > 32 ? cell : cell.trim()
}

/** A text seen before and what the address check said of it; `next` chains texts whose number collides. */
interface Seen {
  text: string
  verdict: Verdict
  next: Seen | undefined
}

/**
 * A cheap number for a text: its length and its last eight characters (addresses end in
 * checksum or random characters). Cells come out of the parser as new slices of the file's text,
 * and a Map keyed by such a string hashes all of it in the engine's slow path, row after row;
 * this reads eight characters, and `===` settles texts that share the number.
 */
const numberOf = (text: string): number => {
  const end = text.length
  let hash = end
  for (let at = end > 8 ? end - 8 : 0; at < end; at += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  }
  // Kept within a small integer, so the engine keys the Map without boxing a number per row.
  return hash & 0x3fffffff
}

/**
 * Validates every row's address with the app's address check and collapses duplicates into one
 * check. The same text is checked once however often it repeats (lists repeat a lot), so the
 * cost per row is one small number and one lookup by it.
 */
export function planBulk(table: BulkTable, addressColumn: number): BulkPlan {
  const seen = new Map<number, Seen>()
  const checkByKey = new Map<string, number>()
  const checks: PlannedCheck[] = []
  const invalid: InvalidRow[] = []
  const rowChecks = new Int32Array(table.rows.length)
  const judge = (address: string): Verdict => {
    const checked = validateAddress(address)
    if (!checked.valid) {
      return { check: -1, chain: checked.chain, reason: checked.reason ?? 'It is not valid.' }
    }
    const key = dedupeKeyOf(address, checked.chain)
    const known = checkByKey.get(key)
    if (known !== undefined) return { check: known, chain: checked.chain, reason: '' }
    checkByKey.set(key, checks.length)
    checks.push({ address, queryKey: checked.normalized, chain: checked.chain })
    return { check: checks.length - 1, chain: checked.chain, reason: '' }
  }
  const verdictOf = (address: string): Verdict => {
    const number = numberOf(address)
    const first = seen.get(number)
    for (let entry = first; entry !== undefined; entry = entry.next) {
      if (entry.text === address) return entry.verdict
    }
    const verdict = judge(address)
    seen.set(number, { text: address, verdict, next: first })
    return verdict
  }
  const { rows, lines: rowLines } = table
  let validRows = 0
  for (let index = 0; index < rows.length; index += 1) {
    const address = trimmed(rows[index]![addressColumn] ?? '')
    const verdict = verdictOf(address)
    rowChecks[index] = verdict.check
    if (verdict.check !== -1) {
      validRows += 1
      continue
    }
    const line = rowLines[index]!
    invalid.push({ row: index, line, address, chain: verdict.chain, reason: verdict.reason })
  }
  return { rowChecks, checks, invalid, duplicateCount: validRows - checks.length }
}

/**
 * The lines of every row that shares each check, in input order: what a job stores with each
 * address. Asked for when a job starts, not while a list is previewed.
 */
export function linesOfChecks(plan: BulkPlan, lines: Int32Array): number[][] {
  const byCheck = plan.checks.map((): number[] => [])
  plan.rowChecks.forEach((check, row) => {
    if (check !== -1) byCheck[check]!.push(lines[row]!)
  })
  return byCheck
}
