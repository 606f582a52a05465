import { randomBytes } from 'node:crypto'
import { createApiClient } from '../src/main/services/api/apiClient'
import { runCryptoSearch } from '../src/main/services/api/cryptoSearchApi'
import { apiPaths } from '../src/shared/api/apiPaths'
import type { WalletRecord } from '../src/sandbox/crypto/walletRecords'
import { startSandbox } from '../src/sandbox/sandboxServer'
import { benchRow, compare, type BenchRow } from './benchStats'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'

const rawSearch = (baseUrl: string, key: string, query: string) => async () => {
  const response = await fetch(new URL(apiPaths.cryptoSearch, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: key },
    body: JSON.stringify({ query, isSubjectConsent: true, type: 'all' }),
  })
  const body = (await response.json()) as { data: { id: string } }
  if (!body.data.id) throw new Error('raw search failed')
}

/** The client's parsing, evidence and retry bookkeeping against a bare fetch of the same request. */
export async function cryptoSearchThroughClient(): Promise<BenchRow> {
  const sandbox = await startSandbox({ rateLimitPerSecond: 1_000_000 })
  try {
    const info = sandbox.environment('sandbox')
    const client = createApiClient()
    const environment = {
      id: 'sandbox' as const,
      label: 'Sandbox',
      baseUrl: info.baseUrl,
      secretKey: info.secretKey,
    }
    const samples = await compare(
      () => runCryptoSearch(client, environment, { query: sanctioned }),
      rawSearch(info.baseUrl, info.secretKey, sanctioned),
      { warmup: 100, samples: 500 },
    )
    return benchRow(
      {
        name: 'crypto search through the API client',
        baselineName: 'raw fetch of the same request',
        target: 'ratio ≤ 1.1',
      },
      samples.measured,
      samples.baseline,
    )
  } finally {
    await sandbox.close()
  }
}

const syntheticWallets = (count: number): WalletRecord[] =>
  Array.from({ length: count }, () => ({
    publicKey: `0x${randomBytes(20).toString('hex')}`,
    currency: 'ETH',
    datasets: ['bench_list'],
    topics: ['sanction'],
  }))

/** A search answered by a sandbox holding 200,000 wallets, against one holding the 649 bundled ones. */
export async function sandboxLookupAtScale(): Promise<BenchRow> {
  const wallets = syntheticWallets(200_000)
  const target = wallets[123_456]!.publicKey
  const large = await startSandbox({ wallets, rateLimitPerSecond: 1_000_000 })
  const small = await startSandbox({ rateLimitPerSecond: 1_000_000 })
  try {
    const largeInfo = large.environment('sandbox')
    const smallInfo = small.environment('sandbox')
    const samples = await compare(
      rawSearch(largeInfo.baseUrl, largeInfo.secretKey, target),
      rawSearch(smallInfo.baseUrl, smallInfo.secretKey, sanctioned),
      { warmup: 100, samples: 500 },
    )
    return benchRow(
      {
        name: 'sandbox crypto search with 200,000 wallets loaded',
        baselineName: 'the same search with the 649 bundled wallets',
        target: 'median < 5 ms',
      },
      samples.measured,
      samples.baseline,
    )
  } finally {
    await large.close()
    await small.close()
  }
}
