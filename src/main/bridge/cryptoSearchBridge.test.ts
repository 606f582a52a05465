import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../sandbox/sandboxServer'
import { startMainSide, type MainSide } from '../app/startMainSide'
import { sessionKeyStore } from '../services/keys/secretKeyStore'
import { dispatchBridgeCall } from './dispatchBridgeCall'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
let sandbox: RunningSandbox
let mainSide: MainSide

beforeEach(async () => {
  sandbox = await startSandbox()
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  mainSide = await startMainSide({
    dataDir: mkdtempSync(join(tmpdir(), 'cd-crypto-')),
    keyStore: sessionKeyStore('test store'),
    localSandbox: { baseUrl, secretKey },
  })
})

afterEach(async () => {
  await mainSide.close()
  await sandbox.close()
})

const search = (input: Record<string, unknown>) =>
  dispatchBridgeCall(mainSide.handlers, 'crypto.search', {
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
    expect(JSON.stringify(reply)).not.toContain(sandbox.environment('sandbox').secretKey)
  })

  it('refuses a search without consent before anything is sent', async () => {
    const reply = await search({ isSubjectConsent: false })
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(JSON.stringify(reply)).toContain('isSubjectConsent')
    expect(sandbox.requests).toHaveLength(0)
  })

  it('cancels a running search by its request id', async () => {
    sandbox.injectFault({ kind: 'delay', ms: 3000 })
    const requestId = crypto.randomUUID()
    const pending = search({ requestId })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await dispatchBridgeCall(mainSide.handlers, 'requests.cancel', { requestId })).toEqual({
      ok: true,
      data: { cancelled: true },
    })
    expect(await pending).toMatchObject({ ok: false, error: { name: 'CancelledError' } })
    expect(await dispatchBridgeCall(mainSide.handlers, 'requests.cancel', { requestId })).toEqual({
      ok: true,
      data: { cancelled: false },
    })
  })
})
