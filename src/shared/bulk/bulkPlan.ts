import { addressChainNames, validateAddress, type AddressChain } from '../address'
import { queryMaxLength } from '../bridge/cryptoContract'
import { formatNumber } from '../text/counting'
import type { BulkTable } from './bulkTable'
import { declaredChainAgrees, findChainColumn } from './declaredChain'
import { TextMemo } from './textMemo'

/** An input row that is not sent, with the line it is on and why. */
export interface InvalidRow {
  /** Index into the table's rows. */
  row: number
  line: number
  /** The address cell as written, or the line when its cells could not be told apart. */
  address: string
  chain: AddressChain | null
  reason: string
}

/** A row whose value is no address the app recognises: sent only if the user chooses to. */
export interface UnrecognisedRow {
  row: number
  line: number
  value: string
}

/** One check to run (or reuse) for every row whose address is the same after normalisation. */
export interface PlannedCheck {
  /** What is sent. */
  address: string
  /** The form History keys checks by (the app's address check's canonical form). */
  queryKey: string
  chain: AddressChain | null
}

export interface BulkPlan {
  /**
   * Per table row: the index of its check in `checks`, or -1 when it is not sent (invalid, or
   * unrecognised while the user has not chosen to send those).
   */
  rowChecks: Int32Array
  checks: PlannedCheck[]
  invalid: InvalidRow[]
  unrecognised: UnrecognisedRow[]
  /** Distinct unrecognised values: how many checks "send them as they are" adds. */
  unrecognisedValues: number
  /** The user chose to send the unrecognised values as they are: they are among `checks`. */
  sendsUnrecognised: boolean
  /** Rows beyond the first of a recognised address. */
  duplicateCount: number
  /** The column whose chain each row's address is checked against; null when there is none. */
  chainColumn: number | null
}

/**
 * What became of every physical line of a list: the parts add up to `lines`. A row spanning
 * several lines (a quoted cell) counts once, by its first line; the others are `continued`.
 */
export interface BulkAccount {
  lines: number
  header: number
  blank: number
  continued: number
  /** Rows that are the first of a recognised address: one check each. */
  screened: number
  /** Rows of a recognised address seen on an earlier row. */
  duplicate: number
  invalid: number
  unrecognised: number
}

/**
 * EVM addresses are one account whatever their letters' case; every other format is compared
 * exactly (Base58 and the rest are case-sensitive; bech32 is written in one case).
 */
export const dedupeKeyOf = (address: string, chain: AddressChain | null): string =>
  chain === 'ethereum' ? address.toLowerCase() : address

/**
 * What the address check said of one text. One shape for every kind (the row loop reads it a
 * hundred thousand times, and a property read of a single shape stays fast).
 */
interface Verdict {
  kind: 'recognised' | 'unrecognised' | 'invalid'
  chain: AddressChain | null
  /** Why it is invalid; empty otherwise. */
  reason: string
  /** What a recognised address is sent and keyed as; null for the other kinds. */
  check: PlannedCheck | null
  /**
   * Its check's index, set by the first row that joins it (a row whose chain column disagrees
   * does not), so later rows of the same text skip the lookup by key; -1 until then.
   */
  index: number
}

const verdict = (
  kind: Verdict['kind'],
  chain: AddressChain | null,
  reason: string,
  check: PlannedCheck | null = null,
): Verdict => ({ kind, chain, reason, check, index: -1 })

const trimmed = (cell: string): string => {
  const last = cell.length - 1
  return last >= 0 && cell.charCodeAt(0) > 32 && cell.charCodeAt(last) > 32 ? cell : cell.trim()
}

/**
 * The characters an identifier the app does not recognise may still be sent with: every chain's
 * addresses and account names are letters and digits with at most `.`, `:`, `_` and `-` (NEAR,
 * Hedera, a CashAddr prefix), and none begins with a sign a spreadsheet reads as a formula.
 */
const sendableAsIs = /^[A-Za-z0-9][A-Za-z0-9.:_-]*$/

const whatIsIn = (text: string): string => {
  const odd = [...text].find(
    (character, at) => !sendableAsIs.test(at === 0 ? character : `a${character}`),
  )
  if (odd === undefined) return 'a character no address uses'
  if (/\s/.test(odd)) return 'a space or a line break'
  if (/["'`]/.test(odd)) return 'a quote'
  if ('=+-@|!()'.includes(odd)) return `a formula character (${odd})`
  if (/\p{C}/u.test(odd)) return 'an invisible control character'
  return `“${odd}”, which no address uses`
}

const tooLong = (text: string): string =>
  `This cell is ${formatNumber(text.length)} characters long, and no address is longer than ${queryMaxLength}, so it was not sent. Check that the address column is the right one.`

const wrongChain = (declared: string, chain: AddressChain): string =>
  `The chain column says “${declared}”, but this is ${chain === 'ethereum' || chain === 'xrp' ? 'an' : 'a'} ${addressChainNames[chain]} address, so it was not sent. Correct the chain or the address.`

export interface PlanOptions {
  /** Send values that are no recognised address as they are (the user's deliberate choice). */
  sendUnrecognised?: boolean
}

/**
 * Sorts every row into screened, duplicate, invalid or unrecognised, and collapses duplicates into
 * one check. The same text is checked once however often it repeats (lists repeat a lot), so the
 * cost per row is one small number and one lookup by it. Nothing that is no recognised address is
 * planned to be sent unless `sendUnrecognised`, and text no address could be is never sent.
 */
export function planBulk(
  table: BulkTable,
  addressColumn: number,
  { sendUnrecognised = false }: PlanOptions = {},
): BulkPlan {
  const seen = new TextMemo<Verdict>()
  const checkByKey = new Map<string, number>()
  const checks: PlannedCheck[] = []
  const invalid: InvalidRow[] = []
  const unrecognised: UnrecognisedRow[] = []
  const rowChecks = new Int32Array(table.rows.length)
  const chainColumn = findChainColumn(table.columns, table.hasHeader)
  let unrecognisedValues = 0
  const checkFor = (planned: PlannedCheck): number => {
    const key = dedupeKeyOf(planned.queryKey, planned.chain)
    const known = checkByKey.get(key)
    if (known !== undefined) return known
    checkByKey.set(key, checks.length)
    checks.push(planned)
    return checks.length - 1
  }
  const judge = (text: string): Verdict => {
    if (text.length > queryMaxLength) return verdict('invalid', null, tooLong(text))
    const checked = validateAddress(text)
    if (!checked.valid) {
      return verdict('invalid', checked.chain, checked.reason ?? 'It is not valid.')
    }
    if (checked.chain === null) {
      if (!sendableAsIs.test(text)) {
        return verdict(
          'invalid',
          null,
          `It holds ${whatIsIn(text)}, so it is no address and was not sent.`,
        )
      }
      unrecognisedValues += 1
      return verdict('unrecognised', null, '')
    }
    return verdict('recognised', checked.chain, '', {
      address: checked.query,
      queryKey: checked.normalized,
      chain: checked.chain,
    })
  }
  const unrecognisedChecks = new Map<string, number>()
  const { rows, lines: rowLines, broken } = table
  let recognisedRows = 0
  let recognisedChecks = 0
  for (let index = 0; index < rows.length; index += 1) {
    rowChecks[index] = -1
    const line = rowLines[index]!
    const cells = rows[index]!
    // A broken row has no cells, so only an empty row is looked up among them.
    const problem = cells.length === 0 ? broken.get(index) : undefined
    if (problem) {
      invalid.push({ row: index, line, address: problem.text, chain: null, reason: problem.reason })
      continue
    }
    const text = trimmed(cells[addressColumn] ?? '')
    const found = seen.of(text, judge)
    if (found.kind === 'invalid') {
      invalid.push({ row: index, line, address: text, chain: found.chain, reason: found.reason })
      continue
    }
    if (found.kind === 'unrecognised') {
      unrecognised.push({ row: index, line, value: text })
      if (!sendUnrecognised) continue
      let check = unrecognisedChecks.get(text)
      if (check === undefined) {
        check = checkFor({ address: text, queryKey: text, chain: null })
        unrecognisedChecks.set(text, check)
      }
      rowChecks[index] = check
      continue
    }
    const declared = chainColumn === null ? '' : trimmed(cells[chainColumn] ?? '')
    const chain = found.chain!
    if (declared !== '' && !declaredChainAgrees(declared, chain)) {
      const reason = wrongChain(declared, chain)
      invalid.push({ row: index, line, address: text, chain, reason })
      continue
    }
    if (found.index === -1) {
      const before = checks.length
      found.index = checkFor(found.check!)
      if (checks.length > before) recognisedChecks += 1
    }
    rowChecks[index] = found.index
    recognisedRows += 1
  }
  return {
    rowChecks,
    checks,
    invalid,
    unrecognised,
    unrecognisedValues,
    sendsUnrecognised: sendUnrecognised,
    duplicateCount: recognisedRows - recognisedChecks,
    chainColumn,
  }
}

/** What became of every line of the list; the parts add up to its lines. */
export function accountOf(table: BulkTable, plan: BulkPlan): BulkAccount {
  const screened = table.rows.length - plan.invalid.length - plan.unrecognised.length
  return {
    lines: table.lineCount,
    header: table.headerLine === 0 ? 0 : 1,
    blank: table.blankLines,
    continued: table.continuedLines,
    screened: screened - plan.duplicateCount,
    duplicate: plan.duplicateCount,
    invalid: plan.invalid.length,
    unrecognised: plan.unrecognised.length,
  }
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
