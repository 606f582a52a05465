import { z } from 'zod'
import { environmentIdSchema } from '../environments'

/**
 * How the last attempt ended: with an answer, or without one because its time ran out, the
 * connection broke after it was sent, the connection never opened, or the caller cancelled.
 */
const evidenceEndingSchema = z.enum(['answered', 'timeout', 'reset', 'unreachable', 'cancelled'])
export type EvidenceEnding = z.infer<typeof evidenceEndingSchema>

/**
 * What arrived of an answer. Status 0 with no headers and no bytes when no answer began to arrive
 * (as `fetch` has it), so that evidence of a request that got none keeps the shape every reader
 * of evidence knows.
 */
const responseSchema = z.object({
  status: z.number().int(),
  /** Headers worth keeping: content-type, date, retry-after, request ids. */
  headers: z.record(z.string(), z.string()),
  bodyBase64: z.string(),
  bytes: z.number().int().nonnegative(),
})

/** The most tries a request's evidence lists before its last (the retry policy allows fewer). */
export const maxEarlierExchanges = 20

/** One earlier try of a request sent again: when it left, how long it took, how it ended, what came. */
const exchangeSchema = z.object({
  sentAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  ended: evidenceEndingSchema,
  response: responseSchema,
})
export type EvidenceExchange = z.infer<typeof exchangeSchema>

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
  /** What the last try got. */
  response: responseSchema,
  /** When the first attempt was sent. */
  startedAt: z.iso.datetime(),
  /** From the first attempt's sending to the answer, or to the failure. */
  durationMs: z.number().nonnegative(),
  /** How many times the request was sent (retries after 429 or a failure that was safe to repeat). */
  attempts: z.number().int().positive(),
  /** Absent from evidence kept before failures had any, which was always of an answer. */
  ended: evidenceEndingSchema.optional(),
  /**
   * The tries before the last, oldest first, each with whatever it got (a 429's body, part of an
   * answer cut off): absent when the request went once, and from evidence kept before they were.
   */
  earlier: z.array(exchangeSchema).max(maxEarlierExchanges).optional(),
})
export type Evidence = z.infer<typeof evidenceSchema>
