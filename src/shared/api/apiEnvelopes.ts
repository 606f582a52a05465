import { z } from 'zod'

/**
 * Spec 2.1. The crypto search spells the mirrored status `statusCode`, others `status_code`;
 * unknown members are kept because real services add fields their documents do not show.
 */
export const successEnvelopeSchema = z
  .looseObject({
    success: z.literal(true),
    status_code: z.number().int().optional(),
    statusCode: z.number().int().optional(),
    message: z.string().optional(),
    data: z.unknown(),
    links: z.array(z.unknown()).optional(),
  })
  .refine((envelope) => envelope.data !== undefined, { message: 'data is missing', path: ['data'] })

/**
 * Spec 2.2, plus the older `{message, status_code}` body some deployments still send:
 * the name is optional here and the HTTP status decides when it is absent.
 */
export const errorEnvelopeSchema = z.looseObject({
  success: z.literal(false).optional(),
  statusCode: z.number().int().optional(),
  status_code: z.number().int().optional(),
  name: z.string().optional(),
  message: z.string().optional(),
})
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>

/** A link of a list response; the spec names next/prev cursors but not their shape. */
export const pageLinkSchema = z.union([
  z.looseObject({ rel: z.string(), href: z.string() }),
  z.string(),
])

export const linkRelations = (links: unknown[] | undefined): Set<string> => {
  const relations = new Set<string>()
  for (const link of links ?? []) {
    const parsed = pageLinkSchema.safeParse(link)
    if (!parsed.success) continue
    if (typeof parsed.data === 'string') {
      if (/[?&]page=/.test(parsed.data)) relations.add('unknown')
    } else {
      relations.add(parsed.data.rel.toLowerCase())
    }
  }
  return relations
}
