import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { z } from 'zod'

/** The rows a job's results show: those with hits, in a category, in a state. */
export interface BulkResultFilter {
  hitsOnly: boolean
  category: string | null
  state: BulkResultState | null
}

const resultStates = ['done', 'reused', 'failed', 'unknown', 'invalid', 'pending'] as const
export type BulkResultState = (typeof resultStates)[number]

export const isBulkResultState = (value: string): value is BulkResultState =>
  (resultStates as readonly string[]).includes(value)

/**
 * A job's result filters as its address holds them: only those set, and a value no filter takes
 * is left out rather than refusing the screen (a link from an older version, a hand-edited one).
 */
export const bulkJobSearchSchema = z.object({
  hits: z.literal(true).optional().catch(undefined),
  category: z.string().min(1).max(100).optional().catch(undefined),
  state: z.enum(resultStates).optional().catch(undefined),
})
export type BulkJobSearch = z.infer<typeof bulkJobSearchSchema>

export const filterOfSearch = (search: BulkJobSearch): BulkResultFilter => ({
  hitsOnly: search.hits === true,
  category: search.category ?? null,
  state: search.state ?? null,
})

export const searchOfFilter = (filter: BulkResultFilter): BulkJobSearch => ({
  ...(filter.hitsOnly ? { hits: true as const } : {}),
  ...(filter.category !== null ? { category: filter.category } : {}),
  ...(filter.state !== null ? { state: filter.state } : {}),
})

/**
 * The job's result filters, kept in its address: a reload, Back and a link opened in another tab
 * show the same rows. A change is written in place, so Back leaves the job rather than undoing a
 * click.
 */
export function useResultFilter(
  jobId: string,
  search: BulkJobSearch,
): [BulkResultFilter, (change: Partial<BulkResultFilter>) => void] {
  const navigate = useNavigate()
  const filter = filterOfSearch(search)
  const change = useCallback(
    (part: Partial<BulkResultFilter>) =>
      void navigate({
        from: '/bulk/$jobId',
        to: '/bulk/$jobId',
        params: { jobId },
        search: (previous) => searchOfFilter({ ...filterOfSearch(previous), ...part }),
        replace: true,
      }),
    [jobId, navigate],
  )
  return [filter, change]
}
