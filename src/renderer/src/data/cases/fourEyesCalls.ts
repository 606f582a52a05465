import type { CaseOutcome } from '../../../../shared/cases/caseSchemas'
import { onAppDatabase, type AppDatabase } from '../database/appDatabase'
import { refreshSharedCase, teamCallerOf } from './sharedCases'

/**
 * Four-eyes review of a shared case from the page: each call is one signed entry the main side
 * writes (or refuses, in the rule's sentence), then the case is read again so this page shows it
 * as it now stands, with whatever colleagues' entries arrived meanwhile.
 */

/** Assigns the case to a current member of the team, or to nobody (`null`). */
export async function assignCase(
  db: AppDatabase,
  caseId: string,
  member: string | null,
): Promise<void> {
  await teamCallerOf(db)('team.assignCase', { caseId, member })
  await refreshSharedCase(db, caseId)
}

/** Asks every other reviewer to approve closing the case with `outcome`, saying why. */
export async function requestReview(
  db: AppDatabase,
  caseId: string,
  outcome: CaseOutcome,
  reason: string,
): Promise<void> {
  await teamCallerOf(db)('team.requestReview', { caseId, outcome, reason })
  await refreshSharedCase(db, caseId)
}

/** Approves the close request `request` (its entry id), the case as it stands on this desk. */
export async function approveClose(
  db: AppDatabase,
  caseId: string,
  request: string,
): Promise<void> {
  await teamCallerOf(db)('team.approve', { caseId, request })
  await refreshSharedCase(db, caseId)
}

/** Sends the close request `request` back to whoever asked, saying why. */
export async function sendBackClose(
  db: AppDatabase,
  caseId: string,
  request: string,
  reason: string,
): Promise<void> {
  await teamCallerOf(db)('team.sendBack', { caseId, request, reason })
  await refreshSharedCase(db, caseId)
}

export const fourEyesCalls = onAppDatabase({
  assignCase,
  requestReview,
  approveClose,
  sendBackClose,
})
