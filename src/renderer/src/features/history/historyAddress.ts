import { useNavigate } from '@tanstack/react-router'
import { useEffect, useLayoutEffect } from 'react'
import { z } from 'zod'
import { environmentIdSchema } from '../../../../shared/environments'
import { noCheckFilters, type CheckFilters } from '../../data/checks/checkSelection'
import { historyActions, useHistoryStore } from './store'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * History's filters as its address holds them: only those not at their default, and a value that
 * is not one a filter can take is left out rather than refusing the screen.
 */
export const historySearchSchema = z.object({
  environment: z
    .union([z.literal('all'), environmentIdSchema])
    .optional()
    .catch(undefined),
  status: z.enum(['all', 'review_required', 'no_match']).optional().catch(undefined),
  outcome: z.enum(['all', 'succeeded', 'failed', 'unknown']).optional().catch(undefined),
  category: z.string().max(100).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  text: z.string().max(500).optional().catch(undefined),
})
export type HistorySearch = z.infer<typeof historySearchSchema>

const filterKeys = Object.keys(noCheckFilters) as Array<keyof CheckFilters>

export const filtersOfSearch = (search: HistorySearch): CheckFilters => ({
  ...noCheckFilters,
  ...Object.fromEntries(filterKeys.flatMap((key) => (search[key] ? [[key, search[key]]] : []))),
})

export const searchOfFilters = (filters: CheckFilters): HistorySearch =>
  Object.fromEntries(
    filterKeys.flatMap((key) =>
      filters[key] === noCheckFilters[key] ? [] : [[key, filters[key]]],
    ),
  )

const sameSearch = (a: HistorySearch, b: HistorySearch): boolean =>
  filterKeys.every((key) => (a[key] ?? '') === (b[key] ?? ''))

/**
 * Keeps History's filters in its address: an address that names filters (a reload, a link, Back)
 * sets them when the screen opens; one that names none (the menu) keeps those last used; every
 * change is written back in place, so Back leaves History rather than undoing a keystroke.
 */
export function useFiltersInAddress(search: HistorySearch): CheckFilters {
  const navigate = useNavigate()
  const filters = useHistoryStore((state) => state.filters)
  // Before the first paint, so the list never shows the other filters' checks first.
  useLayoutEffect(() => {
    const named = filtersOfSearch(search)
    if (!sameSearch(searchOfFilters(named), {})) historyActions.setFilters(named)
    // Only the address the screen was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    const wanted = searchOfFilters(filters)
    if (!sameSearch(wanted, search))
      void navigate({ to: '/history', search: wanted, replace: true })
  }, [filters, search, navigate])
  return filters
}
