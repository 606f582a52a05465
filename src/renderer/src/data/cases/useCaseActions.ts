import { useMemo } from 'react'
import type { Actor } from '../../../../shared/identity/investigator'
import { useActor } from '../identity/identityQueries'
import { CaseRuleError } from './caseErrors'
import { caseRepository } from './caseRepository'
import { caseBulkLink } from './caseBulkLink'
import { caseRescreen } from './caseRescreen'

const changes = {
  ...caseRepository,
  recordRescreen: caseRescreen.recordRescreen,
  linkBulkJob: caseBulkLink.linkBulkJob,
}
type Repository = typeof changes

/** The repository's changes with the actor already given, as features call them. */
export type CaseActions = {
  [Name in keyof Repository]: Repository[Name] extends (
    actor: Actor,
    ...args: infer Args
  ) => infer Result
    ? (...args: Args) => Result
    : never
}

export const noInvestigatorMessage =
  'Say who you are first (Settings → Investigator): every change of a case records who made it.'

/**
 * Every change of a case names who made it. Until the investigator has said who they are, each
 * change is refused with the sentence that says where to do so.
 */
export function useCaseActions(): CaseActions {
  const actor = useActor()
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(changes).map(([name, change]) => [
          name,
          (...args: never[]) => {
            if (!actor) return Promise.reject(new CaseRuleError(noInvestigatorMessage))
            return (change as (actor: Actor, ...rest: never[]) => unknown)(actor, ...args)
          },
        ]),
      ) as CaseActions,
    [actor],
  )
}
