import type { CaseOutcome, CaseState, HitDecisionKind } from './caseSchemas'

export const caseStateLabels: Record<CaseState, string> = {
  open: 'Open',
  in_review: 'In review',
  escalated: 'Escalated',
  closed: 'Closed',
}

export const caseOutcomeLabels: Record<CaseOutcome, string> = {
  no_concern: 'No concern',
  risk_confirmed: 'Risk confirmed',
  reported: 'Reported to the authorities',
  inconclusive: 'Inconclusive',
}

export const hitDecisionLabels: Record<HitDecisionKind, string> = {
  true_match: 'True match',
  false_positive: 'False positive',
  needs_review: 'Needs review',
}
