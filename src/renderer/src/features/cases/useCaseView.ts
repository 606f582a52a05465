import { useLiveQuery } from 'dexie-react-hooks'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { appDatabase } from '../../db/appDatabase'
import { readCaseChecks, readCaseDecisions } from './caseQueries'
import { tallyHits, type HitTally } from './caseRules'

/** How many hits the case's checks have and how many are decided, kept live. */
export function useHitTally(caseRecord: CaseRecord): HitTally | undefined {
  return useLiveQuery(async () => {
    const { checks } = await readCaseChecks(appDatabase, caseRecord)
    return tallyHits(caseRecord.id, checks, await readCaseDecisions(appDatabase, caseRecord.id))
  }, [caseRecord])
}
