import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState } from 'react'
import type { EnvironmentId } from '../../../../shared/environments'
import {
  appDatabase,
  databaseName,
  type CheckRecord,
  type StoredCheck,
} from '../database/appDatabase'
import { isStoredCheck } from '../database/storedCheck'
import { checksLinkedTo, latestCheckOf } from './checkRepository'
import { casesOfChecks, type CheckInCase } from '../cases/caseReads'
import { KeptRows } from '../keptRows'
import { checksAwaitingTerms } from './deferredSearchTerms'
import { tableChanges } from '../database/tableChanges'
import { latestRead } from '../database/latestRead'
import { pacedReads } from '../database/pacedReads'
import { selectChecksInWorker } from './selectInWorker'
import {
  countAllChecks,
  isUnfiltered,
  noCheckFilters,
  readSelectionWindow,
  selectChecks,
  type CheckFilters,
  type CheckSelection,
} from './checkSelection'

/** One stored check, kept live: undefined while it is read, null when it is not on this computer. */
export const useCheck = (localId: string | null): CheckRecord | null | undefined =>
  useLiveQuery(
    async () => (localId === null ? null : ((await appDatabase.checks.get(localId)) ?? null)),
    [localId],
  )

export interface FoundChecks {
  /** The filters these results are for, as JSON: lets a screen tell stale results apart. */
  signature: string
  selection: CheckSelection
}

const checkChanges = tableChanges(databaseName, 'checks')

const countEvery = latestRead(() => countAllChecks(appDatabase), checkChanges)

/** History's selection is read again at most this often while checks change (a bulk job). */
const selectionSpacingMs = 250

/**
 * The checks matching History's filters, read again when the checks change (paced: see
 * pacedReads), in a worker so typing never waits for it. Not a live query: one would remember
 * each of the (possibly tens of thousands of) keys found. With no filter the first rows are shown
 * at once and the number of checks follows, read from the number the database keeps (the last
 * number known stands meanwhile, so the list does not jump).
 */
export function useCheckSelection(filters: CheckFilters): FoundChecks | undefined {
  const signature = JSON.stringify(filters)
  const [found, setFound] = useState<FoundChecks | { failed: unknown }>()
  const lastCount = useRef<number | null>(null)
  useEffect(() => {
    let current = true
    const show = (selection: CheckSelection) => {
      if (current) setFound({ signature, selection })
    }
    const unfiltered = isUnfiltered(filters)
    if (unfiltered) show({ kind: 'all', count: lastCount.current })
    const reads = pacedReads(
      async () => {
        try {
          if (!unfiltered) return show(await selectChecksInWorker(filters))
          const count = await countEvery(checkChanges.current())
          lastCount.current = count
          show({ kind: 'all', count })
        } catch (failed) {
          if (current) setFound({ failed })
        }
      },
      { spacingMs: selectionSpacingMs },
    )
    const stopWatching = checkChanges.subscribe(reads.ask)
    reads.ask()
    return () => {
      current = false
      reads.stop()
      stopWatching()
    }
    // The signature stands for every filter value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature])
  // A failure goes where a live query's would: to the screen's error boundary.
  if (found && 'failed' in found) throw found.failed
  return found
}

/** One of History's rows: a check and, when it was answered, the cases it is in. */
export interface HistoryRowData {
  check: CheckRecord
  cases: CheckInCase[]
}

async function readHistoryWindow(
  selection: CheckSelection,
  first: number,
  count: number,
): Promise<Array<HistoryRowData | undefined>> {
  const checks = await readSelectionWindow(appDatabase, selection, first, count)
  const answered = checks.filter(
    (check): check is StoredCheck => check !== undefined && isStoredCheck(check),
  )
  const cases = await casesOfChecks(appDatabase, answered)
  return checks.map((check) => check && { check, cases: cases.get(check.localId) ?? [] })
}

/**
 * Rows `first` to `first + count` of a selection, newest first, each with its cases: read together
 * so the list is drawn once per change, and a row that did not change keeps its object.
 * `resultsFor` names the filters the selection answers (see FoundChecks' signature).
 */
export function useHistoryWindow(
  selection: CheckSelection,
  first: number,
  count: number,
  resultsFor: string,
): Array<HistoryRowData | undefined> | undefined {
  const [kept] = useState(() => new KeptRows<HistoryRowData>((row) => row.check.localId))
  const read = useLiveQuery(
    async () => ({
      resultsFor,
      first,
      rows: kept.share(await readHistoryWindow(selection, first, count)),
    }),
    [selection, first, count, resultsFor],
  )
  // useLiveQuery hands back the last window read until the next one is. Rows of other filters
  // must not stand in this list (a failed attempt under "succeeded", clicked as the only row), and
  // rows read from another first row stand only where they belong.
  if (!read || read.resultsFor !== resultsFor) return undefined
  if (read.first === first && read.rows.length === count) return read.rows
  return Array.from({ length: count }, (_, index) => read.rows[first + index - read.first])
}

/** The newest answered checks whose words start with those typed, at most `limit`. */
export const useChecksMatching = (text: string, limit: number): StoredCheck[] | undefined =>
  useLiveQuery(async () => {
    const selection = await selectChecks(appDatabase, {
      ...noCheckFilters,
      outcome: 'succeeded',
      text,
    })
    return (await readSelectionWindow(appDatabase, selection, 0, limit)).filter(
      (check): check is StoredCheck => check !== undefined && isStoredCheck(check),
    )
  }, [text, limit])

/** The newest check of an identifier in an environment, null when there is none. */
export const useLatestCheckOf = (
  environment: EnvironmentId,
  queryKey: string | null,
): CheckRecord | null | undefined =>
  useLiveQuery(
    async () =>
      queryKey === null
        ? null
        : ((await latestCheckOf(appDatabase, environment, queryKey)) ?? null),
    [environment, queryKey],
  )

/** The checks linked to an entity, newest first. */
export const useChecksLinkedTo = (
  environment: EnvironmentId,
  entityId: string,
): StoredCheck[] | undefined =>
  useLiveQuery(() => checksLinkedTo(appDatabase, environment, entityId), [environment, entityId])

/** How many checks History's free text does not find yet, because their entries are being derived. */
export const useChecksAwaitingTerms = (): number | undefined =>
  useLiveQuery(() => checksAwaitingTerms(appDatabase), [])
