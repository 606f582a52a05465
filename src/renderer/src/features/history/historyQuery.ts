import type { AppDatabase } from '../../db/appDatabase'
import type { HistoryFilters } from './store'

const highest = '\uffff'

/** A local calendar day's bounds as ISO instants, comparable with the stored `fetchedAt`. */
const dayStart = (day: string): string => (day ? new Date(`${day}T00:00:00`).toISOString() : '')
const dayEnd = (day: string): string =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : highest

export const filterWords = (text: string): string[] => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[\s,;:()"']+/)
      .filter(Boolean),
  ),
]

/**
 * The ids of the checks that pass the filters, newest first. Every criterion is answered by an
 * index and only primary keys are read, so 20,000 checks cost key lists, never a scan of records.
 */
export async function findCheckIds(db: AppDatabase, filters: HistoryFilters): Promise<string[]> {
  const from = dayStart(filters.from)
  const to = dayEnd(filters.to)
  const byStatus = () =>
    db.checks
      .where('[status+fetchedAt]')
      .between([filters.status, from], [filters.status, to], true, true)
  const ordered =
    filters.environment !== 'all'
      ? db.checks
          .where('[environment+fetchedAt]')
          .between([filters.environment, from], [filters.environment, to], true, true)
      : filters.status !== 'all'
        ? byStatus()
        : db.checks.where('fetchedAt').between(from, to, true, true)
  const constraints: Array<Promise<string[]>> = []
  if (filters.status !== 'all' && filters.environment !== 'all')
    constraints.push(byStatus().primaryKeys())
  if (filters.category !== 'all')
    constraints.push(db.checks.where('hitCategories').equals(filters.category).primaryKeys())
  for (const word of filterWords(filters.text)) {
    constraints.push(db.checks.where('searchTerms').startsWith(word).primaryKeys())
  }
  const [ids, ...sets] = await Promise.all([ordered.reverse().primaryKeys(), ...constraints])
  const required = sets.map((keys) => new Set(keys))
  return required.length === 0 ? ids : ids.filter((id) => required.every((keys) => keys.has(id)))
}
