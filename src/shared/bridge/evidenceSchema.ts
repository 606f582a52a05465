import { z } from 'zod'
import { environmentIdSchema } from '../environments'

/**
 * What the client keeps of every answered request, for the record and for export: the answer's
 * bytes exactly as received (base64), never the key.
 */
export const evidenceSchema = z.object({
  environment: environmentIdSchema,
  baseUrl: z.string(),
  request: z.object({
    method: z.enum(['GET', 'POST']),
    /** Path and query below the base URL. */
    path: z.string(),
    body: z.unknown().nullable(),
  }),
  response: z.object({
    status: z.number().int(),
    /** Headers worth keeping: content-type, date, retry-after, request ids. */
    headers: z.record(z.string(), z.string()),
    bodyBase64: z.string(),
    bytes: z.number().int().nonnegative(),
  }),
  startedAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  /** How many times the request was sent (retries after 429 or a failure that was safe to repeat). */
  attempts: z.number().int().positive(),
})
export type Evidence = z.infer<typeof evidenceSchema>
