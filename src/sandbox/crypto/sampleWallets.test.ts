import { afterEach, describe, expect, it } from 'vitest'
import { apiPaths } from '../../shared/api/apiPaths'
import { sampleWallets } from '../../shared/records/sampleWallets'
import { validateAddress } from '../../shared/address'
import { startSandbox, type RunningSandbox } from '../sandboxServer'

let sandbox: RunningSandbox | undefined

afterEach(async () => {
  await sandbox?.close()
})

const categoriesFound = async (query: string): Promise<string[]> => {
  const target = sandbox!.environment('sandbox')
  const response = await fetch(new URL(apiPaths.cryptoSearch, target.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: target.secretKey },
    body: JSON.stringify({ query, isSubjectConsent: true, type: 'all' }),
  })
  const { data } = (await response.json()) as { data: { categoryCount: Record<string, number> } }
  return Object.entries(data.categoryCount)
    .filter(([, count]) => count > 0)
    .map(([category]) => category)
}

describe('the sample wallets offered on the local sandbox', () => {
  it('are valid addresses that give the answer each promises', async () => {
    sandbox = await startSandbox()
    const [sanctioned, pep, clean] = sampleWallets
    for (const sample of sampleWallets) expect(validateAddress(sample.query).valid).toBe(true)
    expect(await categoriesFound(sanctioned!.query)).toEqual(['sanctions'])
    expect((await categoriesFound(pep!.query)).sort()).toEqual(
      ['government', 'pep', 'personOfInterest', 'role'].sort(),
    )
    expect(await categoriesFound(clean!.query)).toEqual([])
  })
})
