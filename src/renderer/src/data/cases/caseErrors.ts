/** A change the case's rules refuse; its message says what to do instead. */
export class CaseRuleError extends Error {
  override name = 'CaseRuleError'
}
