import type { HitDecisionKind } from '../../../shared/cases/caseSchemas'

export const decisionColors: Record<HitDecisionKind, string> = {
  true_match: 'red',
  false_positive: 'green',
  needs_review: 'orange',
}
