import { z } from 'zod'
import { environmentIdSchema } from '../environments'
import { defineMethod } from './defineMethod'
import { evidenceSchema } from './evidenceSchema'
import { bulkJobIdSchema } from './spendingContract'

export { cryptoCategoryNames, type CryptoCategoryName } from '../api/cryptoCategories'

/**
 * Whose turn first in the environment's rate limiter on the main side: a person waiting for an
 * answer (`interactive`, the default) goes ahead of queued work (`background`: bulk jobs, the
 * outbox, re-screens).
 */
export const paceSchema = z.enum(['interactive', 'background'])
export type Pace = z.infer<typeof paceSchema>

/**
 * What a check is for, so the main side can decide whether it may be billed: a person's search
 * (`search`, the default), a re-screen a person started (`rescreen`), a bulk job's row (`bulk`),
 * or a scheduled re-screen of a watch (`watch`). In a billed environment a watch check goes only
 * within the allowance the user opted into, and a bulk or re-screen check only within its job's
 * confirmed cap (see spendingContract).
 */
export const checkPurposeSchema = z.enum(['search', 'rescreen', 'bulk', 'watch'])
export type CheckPurpose = z.infer<typeof checkPurposeSchema>

/** The longest identifier a check may be sent with: no address of any chain comes near it. */
export const queryMaxLength = 200

const optionalText = z.string().trim().max(200, 'must be at most 200 characters').optional()

export const cryptoSearchInputSchema = z.strictObject({
  /** Chosen by the renderer so it can cancel this call. */
  requestId: z.uuid(),
  /** Where to run it; the active environment when absent. A queued check keeps the one it was queued for. */
  environment: environmentIdSchema.optional(),
  /** Never re-send once it may have reached the service (queued checks; billed checks always are). */
  atMostOnce: z.boolean().optional(),
  pace: paceSchema.optional(),
  purpose: checkPurposeSchema.optional(),
  /**
   * The bulk job or re-screen a `bulk` or `rescreen` check belongs to: required in a billed
   * environment, to count it.
   */
  jobId: bulkJobIdSchema.optional(),
  query: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(queryMaxLength, `must be at most ${queryMaxLength} characters`),
  isSubjectConsent: z.literal(true, 'must be true: the subject’s consent is required'),
  type: z.literal('all'),
  advancedSearch: z
    .strictObject({
      firstName: optionalText,
      lastName: optionalText,
      position: optionalText,
      keyword: optionalText,
      gender: optionalText,
      country: optionalText,
      education: optionalText,
    })
    .optional(),
})

/** A matched record: spec 2.5 shows only the crypto wallet shape, so everything is kept as sent. */
export const matchRecordSchema = z.looseObject({})

/**
 * The check as the app relies on it: strict on what it needs (id, status, the categories it
 * finds), tolerant of the rest; unknown fields and categories are kept.
 */
export const cryptoCheckSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  query: z.string().optional(),
  totalEntity: z.number().int().nonnegative(),
  categoryCount: z.record(z.string(), z.number().int().nonnegative()),
  categories: z.record(z.string(), z.array(matchRecordSchema)),
  requestedAt: z.string().optional(),
  createdAt: z.string().optional(),
  lastModifiedAt: z.string().optional(),
  requestedBy: z
    .looseObject({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      middleName: z.string().optional(),
      id: z.string().optional(),
    })
    .optional(),
})
export type CryptoCheck = z.infer<typeof cryptoCheckSchema>

export const cryptoSearchResultSchema = z.object({
  environment: environmentIdSchema,
  check: cryptoCheckSchema,
  evidence: evidenceSchema,
})
export type CryptoSearchResult = z.infer<typeof cryptoSearchResultSchema>

export const cryptoContract = {
  'crypto.search': defineMethod(cryptoSearchInputSchema, cryptoSearchResultSchema, {
    reachesService: true,
    // A query and seven advanced fields of 200 characters each, however JSON escapes them.
    maxInputBytes: 16 * 1024,
  }),
}
