/**
 * The entries of four-eyes review and assignment on a shared case's trail. They move neither the
 * state, the closure nor a decision, so a replay of the trail passes over them; what they mean is
 * the four-eyes rule's (src/shared/team/fourEyes.ts).
 */
export const fourEyesActions = {
  /** Who works on the case now, or nobody. */
  assigned: 'assigned',
  /** A member asks to close with an outcome and says who may approve. */
  reviewRequested: 'review-requested',
  /** A second member approves a close request, the case as it stands. */
  approved: 'approved',
  /** A reviewer refuses a close request, saying why. */
  sentBack: 'sent-back',
} as const

export const fourEyesActionNames: readonly string[] = Object.values(fourEyesActions)
