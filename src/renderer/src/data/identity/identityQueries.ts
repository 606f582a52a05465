import { useMutation, useQuery } from '@tanstack/react-query'
import type { IdentityView } from '../../../../shared/bridge/identityContract'
import {
  actorOfIdentity,
  type Actor,
  type Investigator,
} from '../../../../shared/identity/investigator'
import { callBridge, errorMessage } from '../../bridge/bridgeClient'
import { queryClient } from '../queryClient'

const identityKey = ['identity'] as const

/** Who works on this computer and the public half of their signing key, as the main side says. */
export const useIdentity = () =>
  useQuery({ queryKey: identityKey, queryFn: () => callBridge('identity.get', {}) })

/** The actor every case change records, or null until the investigator has said who they are. */
export const useActor = (): Actor | null => actorOfIdentity(useIdentity().data)

/** One identity change through the bridge; its answer becomes the identity shown everywhere. */
export const useIdentityChange = () =>
  useMutation({
    mutationFn: (change: () => Promise<IdentityView>) => change(),
    onSuccess: (identity) => queryClient.setQueryData(identityKey, identity),
  })

/** Saves who works on this computer; the form shows `error` and waits on `pending`. */
export function useSaveInvestigator() {
  const change = useIdentityChange()
  return {
    pending: change.isPending,
    error: change.error ? errorMessage(change.error) : null,
    save: (investigator: Investigator) =>
      change.mutateAsync(() => callBridge('identity.setInvestigator', { investigator })),
  }
}
