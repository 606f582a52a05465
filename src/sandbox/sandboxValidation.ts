import { apiErrorNames } from '../shared/api/apiErrorNames'
import type { z } from 'zod'
import { SandboxHttpError } from './sandboxEnvelopes'

/** A body that failed its schema: 400 ValidationError naming every field at fault. */
export function validationFailure(error: z.ZodError): SandboxHttpError {
  const fields = error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'} ${issue.message}`,
  )
  return new SandboxHttpError(400, apiErrorNames.validation, fields.join('; '))
}
