import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { successBody } from '../sandboxEnvelopes'
import { validationFailure } from '../sandboxValidation'
import type { RouteReply } from '../entityRoutes'
import { cryptoCategoryNames, type CryptoCategoryName } from '../../shared/api/cryptoCategories'
import type { SyntheticMatch } from './syntheticMatches'
import { walletIdentifierKey, type IsoDay, type WalletIndex } from './walletIndex'
import type { WalletRecord } from './walletRecords'

const optionalText = z.string().max(200, 'must be at most 200 characters').optional()

/**
 * Spec 2.4. `isSubjectConsent` is typed boolean but the spec's sample sends the text "true":
 * both are accepted, anything else is refused.
 */
export const cryptoSearchRequestSchema = z.object({
  query: z
    .string('is required')
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters'),
  isSubjectConsent: z.union(
    [z.literal(true), z.literal('true')],
    'must be true (the subject consented)',
  ),
  type: z.literal('all', 'must be "all"'),
  advancedSearch: z
    .object({
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

/** Who the sandbox says ran the check: one synthetic user per workspace. */
export interface CheckRequester {
  businessId: string
  user: { id: string; firstName: string; lastName: string; middleName: string }
}

/** Balance and value are not in the public data: they are synthetic, derived from the address. */
const syntheticAmounts = (publicKey: string): { balance: string; amountUsd: string } => {
  const digest = createHash('sha256').update(publicKey).digest()
  const balance = digest.readUInt32BE(0) / 1e6
  return {
    balance: balance.toFixed(6),
    amountUsd: (balance * (digest.readUInt16BE(4) / 100 + 1)).toFixed(2),
  }
}

/** A record shaped as spec 2.5's crypto wallet match: every member an array of strings but entityType. */
export function walletMatchRecord(record: WalletRecord): Record<string, unknown> {
  const { balance, amountUsd } = syntheticAmounts(record.publicKey)
  return {
    title: [record.publicKey],
    entityType: 'CryptoWallet',
    datasets: record.datasets,
    alias: record.holder ? [record.holder] : [],
    publicKey: [record.publicKey],
    balance: [balance],
    amountUsd: [amountUsd],
    currency: [record.currency],
    topics: record.topics,
  }
}

const categoriesOf = (record: WalletRecord): CryptoCategoryName[] => {
  const categories: CryptoCategoryName[] = []
  if (record.topics.some((topic) => topic.startsWith('sanction'))) categories.push('sanctions')
  if (record.topics.some((topic) => topic.startsWith('crime'))) categories.push('crime')
  return categories
}

export function runCryptoSearch(
  body: unknown,
  /** The list as it stood on `day`: records count from their designation to their removal. */
  sources: { wallets: WalletIndex; synthetic: readonly SyntheticMatch[]; day: IsoDay },
  requester: CheckRequester,
  now: Date,
): RouteReply {
  const parsed = cryptoSearchRequestSchema.safeParse(body)
  if (!parsed.success) throw validationFailure(parsed.error)
  const rawQuery = (body as { query: string }).query
  const buckets = Object.fromEntries(
    cryptoCategoryNames.map((category) => [category, [] as unknown[]]),
  ) as Record<CryptoCategoryName, unknown[]>
  for (const record of sources.wallets.lookup(parsed.data.query, sources.day)) {
    for (const category of categoriesOf(record)) buckets[category].push(walletMatchRecord(record))
  }
  const queryKey = walletIdentifierKey(parsed.data.query)
  for (const match of sources.synthetic) {
    if (walletIdentifierKey(match.record.publicKey) !== queryKey) continue
    for (const category of match.categories) buckets[category].push(walletMatchRecord(match.record))
  }
  const categoryCount = Object.fromEntries(
    cryptoCategoryNames.map((category) => [category, buckets[category].length]),
  )
  const totalEntity = cryptoCategoryNames.reduce(
    (sum, category) => sum + buckets[category].length,
    0,
  )
  const timestamp = now.toISOString()
  const data = {
    id: randomBytes(12).toString('hex'),
    // The spec names only review_required; the sandbox answers no_match when nothing matched.
    status: totalEntity > 0 ? 'review_required' : 'no_match',
    parentId: null,
    isSubjectConsent: true,
    type: 'all',
    ...buckets,
    totalEntity,
    categoryCount,
    queriedWith: 'Crypto identifier',
    query: rawQuery,
    businessId: requester.businessId,
    requestedAt: timestamp,
    createdAt: timestamp,
    lastModifiedAt: timestamp,
    requestedById: requester.user.id,
    requestedBy: requester.user,
  }
  return {
    status: 200,
    body: successBody(200, 'Crypto AML check completed', data, [], 'statusCode'),
  }
}
