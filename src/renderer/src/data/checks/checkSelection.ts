import type { EnvironmentId } from '../../../../shared/environments'
import type { AppDatabase, CheckOutcome, CheckRecord } from '../database/appDatabase'
import { checkTally } from '../database/checkTally'
import { checkWords, shortestFragment, typedFragments } from './checkSearchTerms'

/** What History filters checks by; every criterion is optional. */
export interface CheckFilters {
  environment: EnvironmentId | 'all'
  status: 'all' | 'review_required' | 'no_match'
  /** Pending attempts count as of unknown outcome until the main side's journal says more. */
  outcome: 'all' | Exclude<CheckOutcome, 'pending'>
  category: string
  /** Local calendar days, `YYYY-MM-DD`, or empty. */
  from: string
  to: string
  text: string
}

export const noCheckFilters: CheckFilters = {
  environment: 'all',
  status: 'all',
  outcome: 'all',
  category: 'all',
  from: '',
  to: '',
  text: '',
}

const highest = '\uffff'

/** A local calendar day's bounds as ISO instants, comparable with `fetchedAt` and key prefixes. */
const dayStart = (day: string): string => (day ? new Date(`${day}T00:00:00`).toISOString() : '')
const dayEnd = (day: string): string =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : highest

/**
 * What History shows: with no filter, every check (read a window at a time, so opening History
 * never reads 20,000 keys), with their number once counted (null until then); otherwise the
 * matching keys, newest first.
 */
export type CheckSelection =
  { kind: 'all'; count: number | null } | { kind: 'keys'; keys: PackedKeys }

/**
 * The keys of a selection, newest first, in one string with where each starts: a selection can
 * hold tens of thousands of keys, and taking them from History's worker (and keeping them while
 * the list shows) as a string each made the page collect garbage for tens of milliseconds a
 * keystroke. These are two objects, whatever the number of keys.
 */
export interface PackedKeys {
  text: string
  /** Where each key starts in `text`, then where the last one ends. */
  starts: Uint32Array
}

export function packKeys(keys: readonly string[]): PackedKeys {
  const starts = new Uint32Array(keys.length + 1)
  let at = 0
  keys.forEach((key, index) => {
    starts[index] = at
    at += key.length
  })
  starts[keys.length] = at
  return { text: keys.join(''), starts }
}

export const keyCount = (keys: PackedKeys): number => keys.starts.length - 1

/** Keys `start` to `end` (not included), as strings. */
export function keysBetween(keys: PackedKeys, start: number, end: number): string[] {
  const last = Math.min(end, keyCount(keys))
  const found: string[] = []
  for (let index = Math.max(0, start); index < last; index += 1) {
    found.push(keys.text.slice(keys.starts[index], keys.starts[index + 1]))
  }
  return found
}

/** Free text that looks nothing up (only words under `shortestFragment` characters) filters nothing. */
export const isUnfiltered = (filters: CheckFilters): boolean =>
  JSON.stringify({ ...filters, text: typedFragments(filters.text).join(' ') }) ===
  JSON.stringify(noCheckFilters)

/** How many checks there are: kept by the database with every write (see checkTally). */
export const countAllChecks = (db: AppDatabase): Promise<number> => checkTally(db)

/** The keys of the checks with `text` inside one of their words: one prefix range (see `searchFragments`). */
export const checksContaining = (db: AppDatabase, text: string): Promise<string[]> =>
  db.checks.where('searchTerms').startsWith(text).primaryKeys()

/** Why these filters cannot match anything by their very shape, in a sentence; null when they can. */
export function filtersProblem(filters: CheckFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to)
    return `The date range is inverted: “From” (${filters.from}) is after “To” (${filters.to}), so no check can fall in it. Swap the two dates.`
  return null
}

/** What the filter bar says of typed text it does not look up; null when all of it is. */
export function textHint(text: string): string | null {
  const words = checkWords(text)
  const short = words.filter((word) => word.length < shortestFragment)
  if (short.length === 0) return null
  return words.length === short.length
    ? `Type at least ${shortestFragment} characters to search: shorter text is inside nearly every identifier.`
    : `Words under ${shortestFragment} characters (${short.join(', ')}) are left out of the search.`
}

/**
 * Every criterion is answered by one index, reading primary keys only. Keys begin with the fetch
 * time, so the date range is a key-prefix comparison and sorting the keys sorts by time.
 */
export async function selectChecks(
  db: AppDatabase,
  filters: CheckFilters,
): Promise<CheckSelection> {
  if (isUnfiltered(filters)) return { kind: 'all', count: await countAllChecks(db) }
  if (filtersProblem(filters)) return { kind: 'keys', keys: packKeys([]) }
  const from = dayStart(filters.from)
  const to = dayEnd(filters.to)
  const lookups: Array<Promise<string[]>> = []
  if (filters.environment !== 'all') {
    lookups.push(
      db.checks
        .where('[environment+fetchedAt]')
        .between([filters.environment, from], [filters.environment, to], true, true)
        .primaryKeys(),
    )
  }
  if (filters.status !== 'all') {
    lookups.push(
      db.checks
        .where('[status+fetchedAt]')
        .between([filters.status, from], [filters.status, to], true, true)
        .primaryKeys(),
    )
  }
  if (filters.outcome !== 'all') {
    const outcomes: CheckOutcome[] =
      filters.outcome === 'unknown' ? ['unknown', 'pending'] : [filters.outcome]
    const keysOf = (outcome: CheckOutcome): Promise<string[]> =>
      db.checks
        .where('[outcome+fetchedAt]')
        .between([outcome, from], [outcome, to], true, true)
        .primaryKeys()
    lookups.push(Promise.all(outcomes.map(keysOf)).then((lists) => lists.flat()))
  }
  if (filters.category !== 'all')
    lookups.push(db.checks.where('hitCategories').equals(filters.category).primaryKeys())
  for (const fragment of typedFragments(filters.text)) lookups.push(checksContaining(db, fragment))
  if (lookups.length === 0)
    lookups.push(db.checks.where(':id').between(from, `${to}${highest}`, true, true).primaryKeys())
  const [smallest, ...others] = (await Promise.all(lookups)).sort((a, b) => a.length - b.length)
  const required = others.map((keys) => new Set(keys))
  const keys = new Set(
    (smallest ?? []).filter(
      (key) => key >= from && key <= `${to}${highest}` && required.every((set) => set.has(key)),
    ),
  )
  return { kind: 'keys', keys: packKeys([...keys].sort().reverse()) }
}

/** Rows `start` to `start + count` of the selection, newest first, read in one go. */
export async function readSelectionWindow(
  db: AppDatabase,
  selection: CheckSelection,
  start: number,
  count: number,
): Promise<Array<CheckRecord | undefined>> {
  if (selection.kind === 'all')
    return db.checks.orderBy(':id').reverse().offset(start).limit(count).toArray()
  return db.checks.bulkGet(keysBetween(selection.keys, start, start + count))
}

/** Rows History can scroll through before the checks are counted: the first screens' worth. */
const rowsBeforeCounted = 100

export const selectionSize = (selection: CheckSelection): number =>
  selection.kind === 'keys' ? keyCount(selection.keys) : (selection.count ?? rowsBeforeCounted)

/** The number of checks selected, null while they are being counted. */
export const selectedCount = (selection: CheckSelection): number | null =>
  selection.kind === 'keys' ? keyCount(selection.keys) : selection.count
