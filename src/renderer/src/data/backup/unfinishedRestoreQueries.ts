import { useMutation, useQuery } from '@tanstack/react-query'
import type { PendingRestore } from '../../../../shared/backup/pendingRestore'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { whileSwitching } from '../currentDatabase'
import { queryClient } from '../queryClient'
import { unfinishedRestore } from './restoreRecord'

const unfinishedKey = ['unfinishedRestore'] as const

/** The restore a stop left unfinished, asked once per start (see unfinishedRestore). */
export const useUnfinishedRestore = () =>
  useQuery({
    queryKey: unfinishedKey,
    queryFn: () => unfinishedRestore(callBridge, whileSwitching),
  })

/**
 * Finishing a restore (its settings put in place: the caller starts the page again on them, as a
 * restore does) or discarding it (the settings here kept); either way it is no longer
 * unfinished. `error` is the refusal of either, to show beside them.
 */
export function useResolveRestore() {
  const finish = useMutation({
    mutationFn: ({ restoreId }: PendingRestore) =>
      callBridge('backup.finishRestore', { restoreId }),
  })
  const discard = useMutation({
    mutationFn: ({ restoreId }: PendingRestore) =>
      callBridge('backup.discardRestore', { restoreId }),
    onSuccess: () => queryClient.setQueryData(unfinishedKey, null),
  })
  const failed = finish.error ?? discard.error
  return {
    pending: finish.isPending || discard.isPending,
    error: failed ? errorMessage(failed) : null,
    finish: finish.mutate,
    discard: discard.mutate,
  }
}
