import { hitDecisionLabels } from '../cases/caseLabels'
import { hitDecisionKindSchema, type HitDecision } from '../cases/caseSchemas'
import type { BundleProblem } from './verifyBundle'

export const meaningProblem = (path: string, detail: string): BundleProblem => ({
  kind: 'meaning',
  path,
  detail,
})

/** A decision as a sentence names it; a value no version writes is quoted as found. */
export function decisionLabel(decision: string): string {
  if (decision === '') return 'no decision'
  const kind = hitDecisionKindSchema.safeParse(decision)
  return kind.success ? hitDecisionLabels[kind.data].toLowerCase() : `“${decision}”`
}

export const decisionSubject = (decision: Pick<HitDecision, 'recordTitle' | 'checkId'>): string =>
  `${decision.recordTitle} in check ${decision.checkId}`
