import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import { apiPaths } from '../../../shared/api/apiPaths'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { createApiClient } from './apiClient'

let sandbox: RunningSandbox
let environment: ResolvedEnvironment

beforeEach(async () => {
  sandbox = await startSandbox()
  environment = { id: 'local', label: 'Local sandbox', ...sandbox.environment('sandbox') }
})

afterEach(async () => {
  await sandbox.close()
})

describe('the API client and the request journal', () => {
  it('sends nothing until the attempt is on record', async () => {
    const client = createApiClient()
    const journalFull = new Error('no space left on device')
    const sending = client.send(environment, {
      method: 'GET',
      path: apiPaths.entities,
      journal: {
        beforeAttempt: () => Promise.reject(journalFull),
        notSent: () => Promise.resolve(),
      },
    })
    await expect(sending).rejects.toBe(journalFull)
    expect(sandbox.requests).toHaveLength(0)
  })

  it('records each attempt before it leaves, and the ones that provably never left', async () => {
    const events: string[] = []
    const client = createApiClient({
      connectTimeoutMs: 500,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterS: 0 },
    })
    const closed = { ...environment, baseUrl: 'http://127.0.0.1:9/' }
    await expect(
      client.send(closed, {
        method: 'GET',
        path: apiPaths.entities,
        journal: {
          beforeAttempt: async (n) => void events.push(`wire ${n}`),
          notSent: async (n) => void events.push(`notSent ${n}`),
        },
      }),
    ).rejects.toMatchObject({ name: 'ServiceUnreachableError', mayHaveReachedService: false })
    expect(events).toEqual(['wire 1', 'notSent 1', 'wire 2', 'notSent 2'])
  })
})
