import { ZodError } from 'zod'
import { errorMessage } from '../../bridge/bridgeClient'

/** A refused change in one sentence: the rule's own words, or the first invalid field's. */
export function caseErrorMessage(error: unknown, fieldLabel = 'This field'): string {
  if (error instanceof ZodError)
    return `${fieldLabel} ${error.issues[0]?.message ?? 'is not valid'}.`
  return errorMessage(error)
}
