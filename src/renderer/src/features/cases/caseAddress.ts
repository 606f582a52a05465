import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useLayoutEffect } from 'react'
import { z } from 'zod'
import { caseStates } from '../../../../shared/cases/caseSchemas'
import {
  caseSorts,
  isCaseOutcomeFilter,
  noCaseListFilters,
  type CaseListFilters,
} from '../../data/cases/caseListSelection'
import { caseQueues } from '../../data/cases/caseQueues'
import { casesActions, useCasesStore } from './store'

export const caseTabs = ['checks', 'entities', 'notes', 'timeline'] as const
export type CaseTab = (typeof caseTabs)[number]

export const isCaseTab = (value: string): value is CaseTab =>
  (caseTabs as readonly string[]).includes(value)

/**
 * An open case's tab as its address holds it: absent for its checks, where a case opens, and a
 * value no tab takes is left out rather than refusing the case.
 */
export const caseSearchSchema = z.object({
  tab: z.enum(caseTabs).exclude(['checks']).optional().catch(undefined),
})
export type CaseSearch = z.infer<typeof caseSearchSchema>

/**
 * The case list's filters as the address of the list and of every open case holds them: only
 * those not at their default, and a value no filter takes is left out rather than refusing the
 * screen.
 */
export const caseListSearchSchema = z.object({
  text: z.string().max(500).optional().catch(undefined),
  state: z.enum(caseStates).optional().catch(undefined),
  outcome: z.custom<CaseListFilters['outcome']>(isCaseOutcomeFilter).optional().catch(undefined),
  sort: z.enum(caseSorts).optional().catch(undefined),
  queue: z.enum(caseQueues).optional().catch(undefined),
})
export type CaseListSearch = z.infer<typeof caseListSearchSchema>

const filterKeys = Object.keys(noCaseListFilters) as Array<keyof CaseListFilters>

export const listFiltersOfSearch = (search: CaseListSearch): CaseListFilters => ({
  ...noCaseListFilters,
  ...Object.fromEntries(filterKeys.flatMap((key) => (search[key] ? [[key, search[key]]] : []))),
})

export const searchOfListFilters = (filters: CaseListFilters): CaseListSearch =>
  Object.fromEntries(
    filterKeys.flatMap((key) =>
      filters[key] === noCaseListFilters[key] ? [] : [[key, filters[key]]],
    ),
  )

const sameSearch = (a: CaseListSearch, b: CaseListSearch): boolean =>
  filterKeys.every((key) => (a[key] ?? '') === (b[key] ?? ''))

/**
 * Keeps the case list's filters in the address, as History keeps its own: an address that names
 * filters (a reload, a link such as the Changes screen's to the cases waiting for a review) sets
 * them when the list opens; one that names none (the menu, a link to a case) keeps those last
 * used; every change is written back in place, so Back leaves the screen rather than undoing a
 * keystroke. An open case's tab stays as it is.
 */
export function useListFiltersInAddress(
  search: CaseListSearch,
  openCase: { caseId: string; tab: CaseSearch['tab'] } | null,
): CaseListFilters {
  const navigate = useNavigate()
  const filters = useCasesStore((state) => state.listFilters)
  // Before the first paint, so the list never shows the other filters' cases first.
  useLayoutEffect(() => {
    const named = listFiltersOfSearch(search)
    if (!sameSearch(searchOfListFilters(named), {})) casesActions.setListFilters(named)
    // Only the address the list was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const caseId = openCase?.caseId ?? null
  const tab = openCase?.tab
  useEffect(() => {
    const wanted = searchOfListFilters(filters)
    if (sameSearch(wanted, search)) return
    void (caseId === null
      ? navigate({ to: '/cases', search: wanted, replace: true })
      : navigate({
          to: '/cases/$caseId',
          params: { caseId },
          search: { ...wanted, tab },
          replace: true,
        }))
  }, [filters, search, navigate, caseId, tab])
  return filters
}

/**
 * The open case's tab, kept in its address: a reload, Back from a check and a link opened in
 * another tab show the same tab. A change is written in place, so Back leaves the case rather
 * than going through the tabs looked at; the list's filters stay.
 */
export function useCaseTab(caseId: string, search: CaseSearch): [CaseTab, (tab: CaseTab) => void] {
  const navigate = useNavigate()
  const show = useCallback(
    (tab: CaseTab) =>
      void navigate({
        from: '/cases/$caseId',
        to: '/cases/$caseId',
        params: { caseId },
        search: (previous) => ({ ...previous, tab: tab === 'checks' ? undefined : tab }),
        replace: true,
      }),
    [caseId, navigate],
  )
  return [search.tab ?? 'checks', show]
}
