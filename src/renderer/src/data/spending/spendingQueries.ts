import { useMutation, useQuery } from '@tanstack/react-query'
import type {
  BulkJobAllowanceChange,
  ScheduledAllowanceChange,
} from '../../../../shared/bridge/spendingContract'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { queryClient } from '../queryClient'

const allowanceKey = ['spending', 'scheduledAllowance'] as const

/**
 * What scheduled re-screens may spend in Production and what they spent this month, as the main
 * side keeps it. Read again whenever a screen showing it opens: watches spend in the background.
 */
export const useScheduledAllowance = () =>
  useQuery({
    queryKey: allowanceKey,
    queryFn: () => callBridge('spending.scheduledAllowance', {}),
    staleTime: 0,
  })

/** After a watch ran: what is shown of this month's use is read again. */
export const refreshScheduledAllowance = (): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: allowanceKey })

/** Opts in with a cap, or out; the form shows `error` (the main side's refusal) and waits on `pending`. */
export function useChangeScheduledAllowance() {
  const mutation = useMutation({
    mutationFn: (change: ScheduledAllowanceChange) =>
      callBridge('spending.setScheduledAllowance', change),
    onSuccess: (allowance) => queryClient.setQueryData(allowanceKey, allowance),
  })
  return {
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
    change: mutation.mutateAsync,
  }
}

/**
 * Puts on record with the main side what a person confirmed for a billed bulk job or re-screen
 * (its cap, or none), or a raised cap: the main side refuses the job's checks beyond it, or
 * without it.
 */
export const allowJob = (change: BulkJobAllowanceChange) => callBridge('spending.allowJob', change)
