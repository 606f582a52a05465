import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { z } from 'zod'

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
 * The open case's tab, kept in its address: a reload, Back from a check and a link opened in
 * another tab show the same tab. A change is written in place, so Back leaves the case rather
 * than going through the tabs looked at.
 */
export function useCaseTab(caseId: string, search: CaseSearch): [CaseTab, (tab: CaseTab) => void] {
  const navigate = useNavigate()
  const show = useCallback(
    (tab: CaseTab) =>
      void navigate({
        to: '/cases/$caseId',
        params: { caseId },
        search: tab === 'checks' ? {} : { tab },
        replace: true,
      }),
    [caseId, navigate],
  )
  return [search.tab ?? 'checks', show]
}
