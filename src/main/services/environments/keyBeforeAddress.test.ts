import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../../test-support/mainSideOnSandbox'

let app: MainSideOnSandbox
beforeEach(async () => {
  app = await startMainSideOnSandbox()
})
afterEach(() => app.stop())

const search = () =>
  app.call('crypto.search', {
    requestId: crypto.randomUUID(),
    environment: 'sandbox',
    query: '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
    isSubjectConsent: true,
    type: 'all',
  })

const keyStatus = async () => {
  const reply = await app.call('settings.get', {})
  if (!reply.ok) throw new Error(reply.error.message)
  const view = reply.data as { environments: { id: string; key: { addressConfirmed: boolean } }[] }
  return view.environments.find(({ id }) => id === 'sandbox')?.key
}

describe('a key entered before its address, against the sandbox over HTTP', () => {
  it('is sent nowhere until the user confirms the address, then only there', async () => {
    const service = app.sandbox.environment('sandbox')
    expect(
      (await app.call('keys.set', { environment: 'sandbox', secretKey: service.secretKey })).ok,
    ).toBe(true)
    expect(
      (await app.call('settings.setBaseUrl', { environment: 'sandbox', baseUrl: service.baseUrl }))
        .ok,
    ).toBe(true)
    expect(await keyStatus()).toMatchObject({ addressConfirmed: false })

    const refused = await search()
    expect(refused).toMatchObject({
      ok: false,
      error: { name: 'MissingKeyError', mayHaveReachedService: false },
    })
    expect(!refused.ok && refused.error.message).toContain('has not been confirmed for')
    // The refusal is the main side's own: not one request reached the service.
    expect(app.sandbox.requests).toHaveLength(0)

    expect((await app.call('keys.confirmAddress', { environment: 'sandbox' })).ok).toBe(true)
    expect(await keyStatus()).toMatchObject({ addressConfirmed: true })
    expect(await search()).toMatchObject({ ok: true })
    expect(
      app.sandbox.requests.map(({ environment, status }) => ({ environment, status })),
    ).toEqual([{ environment: 'sandbox', status: 200 }])
  })

  it('keeps a confirmed key to its origin: moved elsewhere, it is removed, not sent', async () => {
    const service = app.sandbox.environment('sandbox')
    await app.call('settings.setBaseUrl', { environment: 'sandbox', baseUrl: service.baseUrl })
    await app.call('keys.set', { environment: 'sandbox', secretKey: service.secretKey })
    expect(await keyStatus()).toMatchObject({ addressConfirmed: true })
    await app.call('settings.setBaseUrl', {
      environment: 'sandbox',
      baseUrl: 'https://collector.example.net/',
    })
    expect(await search()).toMatchObject({ ok: false, error: { name: 'MissingKeyError' } })
    expect(app.sandbox.requests).toHaveLength(0)
  })
})
