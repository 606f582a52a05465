import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../test-support/mainSideOnSandbox'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
let app: MainSideOnSandbox

beforeEach(async () => {
  app = await startMainSideOnSandbox()
})

afterEach(async () => {
  await app.stop()
})

const search = (input: Record<string, unknown>) =>
  app.call('crypto.search', {
    requestId: crypto.randomUUID(),
    query: sanctioned,
    isSubjectConsent: true,
    type: 'all',
    ...input,
  })

describe('crypto.search over the bridge', () => {
  it('runs the check on the active environment and returns it with its evidence, without the key', async () => {
    const reply = await search({})
    expect(reply).toMatchObject({
      ok: true,
      data: { environment: 'local', check: { status: 'review_required', totalEntity: 1 } },
    })
    expect(JSON.stringify(reply)).not.toContain(app.sandbox.environment('sandbox').secretKey)
  })

  it('refuses a search without consent before anything is sent', async () => {
    const reply = await search({ isSubjectConsent: false })
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(JSON.stringify(reply)).toContain('isSubjectConsent')
    expect(app.sandbox.requests).toHaveLength(0)
  })

  it('cancels a running search by its request id', async () => {
    app.sandbox.injectFault({ kind: 'delay', ms: 3000 })
    const requestId = crypto.randomUUID()
    const pending = search({ requestId })
    await vi.waitFor(async () =>
      expect(await app.call('requests.cancel', { requestId })).toEqual({
        ok: true,
        data: { cancelled: true },
      }),
    )
    expect(await pending).toMatchObject({ ok: false, error: { name: 'CancelledError' } })
    expect(await app.call('requests.cancel', { requestId })).toEqual({
      ok: true,
      data: { cancelled: false },
    })
  })
})
