import { z } from 'zod'
import { environmentIdSchema } from '../environments'

/**
 * How the last attempt ended: with an answer, or without one because its time ran out, the
 * connection broke after it was sent, the connection never opened, or the caller cancelled.
 */
const evidenceEndingSchema = z.enum(['answered', 'timeout', 'reset', 'unreachable', 'cancelled'])
export type EvidenceEnding = z.infer<typeof evidenceEndingSchema>

/**
 * What the client keeps of every request it put on the wire, answered or not, for the record and
 * for export: whatever bytes of the answer arrived, exactly as received (base64), never the key.
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
  /**
   * Status 0 with no headers and no bytes when no answer began to arrive (as `fetch` has it), so
   * that evidence of a request that got none keeps the shape every reader of evidence knows.
   */
  response: z.object({
    status: z.number().int(),
    /** Headers worth keeping: content-type, date, retry-after, request ids. */
    headers: z.record(z.string(), z.string()),
    bodyBase64: z.string(),
    bytes: z.number().int().nonnegative(),
  }),
  /** When the first attempt was sent. */
  startedAt: z.iso.datetime(),
  /** From the first attempt's sending to the answer, or to the failure. */
  durationMs: z.number().nonnegative(),
  /** How many times the request was sent (retries after 429 or a failure that was safe to repeat). */
  attempts: z.number().int().positive(),
  /** Absent from evidence kept before failures had any, which was always of an answer. */
  ended: evidenceEndingSchema.optional(),
})
export type Evidence = z.infer<typeof evidenceSchema>
