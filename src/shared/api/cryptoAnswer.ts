import { z } from 'zod'
import type { CryptoCheck } from '../bridge/cryptoContract'
import { successEnvelopeSchema } from './apiEnvelopes'
import { cryptoCategoryNames } from './cryptoCategories'

/**
 * The one reading of a crypto search's answer (spec 2.5), used wherever a check is made from what
 * the service sent: the main side when a reply arrives and when it exports evidence, the verifier
 * when it re-derives every check of a bundle, and the sandbox's conformance tests. Two readers of
 * the same bytes can then never disagree about what the service said.
 */

/** Spec 2.5, read tolerantly: only id and status are required, arrays of records are found by shape. */
const checkDataSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  categoryCount: z.record(z.string(), z.unknown()).optional(),
  totalEntity: z.unknown().optional(),
})

const knownScalarArrays = new Set(['links'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

/**
 * The eleven documented categories always appear (empty when absent); any other member that is an
 * array of objects is kept as a category too, since services add categories before documents do.
 */
function categoriesOf(data: Record<string, unknown>): Record<string, Record<string, unknown>[]> {
  const categories: Record<string, Record<string, unknown>[]> = {}
  for (const name of cryptoCategoryNames) categories[name] = []
  for (const [name, value] of Object.entries(data)) {
    if (knownScalarArrays.has(name) || !Array.isArray(value)) continue
    const records = value.filter(
      (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
    )
    if (records.length === value.length) categories[name] = records
  }
  return categories
}

const countsOf = (
  reported: Record<string, unknown> | undefined,
  categories: Record<string, unknown[]>,
): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const [name, records] of Object.entries(categories)) {
    const value = reported?.[name]
    counts[name] = isCount(value) ? value : records.length
  }
  return counts
}

/**
 * Members the app reads but can live without: a wrong type or a timestamp that does not parse is
 * dropped from the parsed view (the raw evidence still has it) rather than failing the whole check.
 */
function dropUnusable(check: Record<string, unknown>): void {
  for (const stamp of ['requestedAt', 'createdAt', 'lastModifiedAt']) {
    const value = check[stamp]
    if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value))))
      delete check[stamp]
  }
  if (check.query !== undefined && typeof check.query !== 'string') delete check.query
  if (check.requestedBy !== undefined && !isObject(check.requestedBy)) delete check.requestedBy
  if (isObject(check.requestedBy)) {
    const requester = { ...check.requestedBy }
    for (const name of ['firstName', 'lastName', 'middleName', 'id']) {
      if (requester[name] !== undefined && typeof requester[name] !== 'string')
        delete requester[name]
    }
    check.requestedBy = requester
  }
}

/** The check a success envelope's `data` holds, or undefined when it holds none. */
export function cryptoCheckOfData(data: unknown): CryptoCheck | undefined {
  const parsed = checkDataSchema.safeParse(data)
  if (!parsed.success) return undefined
  const categories = categoriesOf(parsed.data)
  const categoryCount = countsOf(parsed.data.categoryCount, categories)
  const reportedTotal = parsed.data.totalEntity
  const totalEntity = isCount(reportedTotal)
    ? reportedTotal
    : Object.values(categoryCount).reduce((sum, count) => sum + count, 0)
  const check: Record<string, unknown> = { ...parsed.data }
  for (const name of Object.keys(categories)) delete check[name]
  dropUnusable(check)
  return {
    ...(check as { id: string; status: string }),
    categories,
    categoryCount,
    totalEntity,
  }
}

/** What a success envelope holds: its data, and any page links beside it. */
export function successEnvelopeOfText(
  text: string,
): { data: unknown; links: unknown[] } | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const envelope = successEnvelopeSchema.safeParse(json)
  return envelope.success
    ? { data: envelope.data.data, links: envelope.data.links ?? [] }
    : undefined
}

/**
 * The check an answer's raw bytes hold, exactly as the main side read it when it arrived, or
 * undefined when they are no readable answer of a crypto search.
 */
export function cryptoCheckOfRaw(raw: Uint8Array): CryptoCheck | undefined {
  const envelope = successEnvelopeOfText(new TextDecoder().decode(raw))
  return envelope ? cryptoCheckOfData(envelope.data) : undefined
}
