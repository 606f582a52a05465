import { z } from 'zod'
import { reasonSchema } from '../../../../shared/cases/caseSchemas'
import { zodFormResolver } from '../../components/zodFormResolver'

/**
 * A form that asks only why (reopening a case, sending a close request back), checked as every
 * reason on the trail is.
 */
export const validateReason = zodFormResolver<{ reason: string }>(
  z.object({ reason: reasonSchema }),
  { reason: 'The reason' },
)
