import { z } from 'zod'
import { apiPaths } from '../../../shared/api/apiPaths'
import { cryptoCategoryNames } from '../../../shared/api/cryptoCategories'
import type { CryptoSearchResult } from '../../../shared/bridge/cryptoContract'
import type { ResolvedEnvironment } from '../environments/environmentService'
import type { ApiClient, ApiRequest } from './apiClient'
import { unreadableData } from './apiErrors'

export interface CryptoSearchRequest {
  query: string
  advancedSearch?: Record<string, string | undefined>
  signal?: AbortSignal
  journal?: ApiRequest['journal']
  /** Queued work (bulk, outbox) waits behind a person's searches; interactive by default. */
  pace?: ApiRequest['pace']
  /** Never re-send once it may have reached the service (billed checks always are). */
  atMostOnce?: boolean
}

/** Spec 2.5, read tolerantly: only id and status are required, arrays of records are found by shape. */
const checkDataSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  categoryCount: z.record(z.string(), z.unknown()).optional(),
  totalEntity: z.unknown().optional(),
})

const knownScalarArrays = new Set(['links'])

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
    counts[name] =
      typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : records.length
  }
  return counts
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

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

export async function runCryptoSearch(
  client: ApiClient,
  environment: ResolvedEnvironment,
  request: CryptoSearchRequest,
): Promise<CryptoSearchResult> {
  const body = {
    query: request.query,
    isSubjectConsent: true,
    type: 'all',
    ...(request.advancedSearch ? { advancedSearch: request.advancedSearch } : {}),
  }
  const reply = await client.send(environment, {
    method: 'POST',
    path: apiPaths.cryptoSearch,
    body,
    signal: request.signal,
    journal: request.journal,
    ...(request.pace ? { pace: request.pace } : {}),
    billed: environment.id === 'production',
    atMostOnce: environment.id === 'production' || request.atMostOnce === true,
  })
  const parsed = checkDataSchema.safeParse(reply.data)
  if (!parsed.success) {
    throw unreadableData(environment.label, reply)
  }
  const categories = categoriesOf(parsed.data)
  const categoryCount = countsOf(parsed.data.categoryCount, categories)
  const reportedTotal = parsed.data.totalEntity
  const totalEntity =
    typeof reportedTotal === 'number' && Number.isInteger(reportedTotal) && reportedTotal >= 0
      ? reportedTotal
      : Object.values(categoryCount).reduce((sum, count) => sum + count, 0)
  const check: Record<string, unknown> = { ...parsed.data, categories, categoryCount, totalEntity }
  for (const name of Object.keys(categories)) delete check[name]
  dropUnusable(check)
  return {
    environment: environment.id,
    check: { ...(check as { id: string; status: string }), categories, categoryCount, totalEntity },
    evidence: reply.evidence,
  }
}
