import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import { apiPaths } from '../../../shared/api/apiPaths'
import { createApiDispatcher, sendAttempt, type AttemptRequest } from './apiAttempt'

let sandbox: RunningSandbox
const dispatcher = createApiDispatcher(1_000)

beforeEach(async () => {
  sandbox = await startSandbox()
})

afterEach(async () => {
  await sandbox.close()
})

const listRequest = (overrides: Partial<AttemptRequest> = {}): AttemptRequest => {
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  return {
    method: 'GET',
    url: new URL(`${apiPaths.entities}?limit=1`, baseUrl),
    secretKey,
    timeoutMs: 2_000,
    ...overrides,
  }
}

describe('sendAttempt against the sandbox over HTTP', () => {
  it('reads a whole answer with its status and the headers worth keeping', async () => {
    const result = await sendAttempt(dispatcher, listRequest())
    if (result.kind !== 'answered') throw new Error(`expected an answer, got ${result.kind}`)
    expect(result.status).toBe(200)
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(result.headers['content-length'])).toBe(result.bytes.length)
    expect(JSON.parse(result.bytes.toString('utf8'))).toMatchObject({ success: true })
  })

  it('sends the key in the token header: an error status is still an answer', async () => {
    const result = await sendAttempt(dispatcher, listRequest({ secretKey: 'sk_test_wrong' }))
    expect(result).toMatchObject({ kind: 'answered', status: 401 })
  })

  it('knows a refused connection carried nothing', async () => {
    const request = listRequest()
    await sandbox.suspend()
    expect(await sendAttempt(dispatcher, request)).toEqual({
      kind: 'noAnswer',
      cause: 'network',
      sent: false,
    })
    await sandbox.resume()
  })

  it('counts a connection reset after sending as sent', async () => {
    sandbox.injectFault({ kind: 'resetAfterProcessing' })
    expect(await sendAttempt(dispatcher, listRequest())).toEqual({
      kind: 'noAnswer',
      cause: 'network',
      sent: true,
    })
  })

  it('times out an answer that comes too late, as sent', async () => {
    sandbox.injectFault({ kind: 'delay', ms: 1_000 })
    expect(await sendAttempt(dispatcher, listRequest({ timeoutMs: 100 }))).toEqual({
      kind: 'noAnswer',
      cause: 'timeout',
      sent: true,
    })
  })

  it('stops when the caller cancels', async () => {
    sandbox.injectFault({ kind: 'delay', ms: 1_000 })
    const controller = new AbortController()
    const pending = sendAttempt(dispatcher, listRequest({ signal: controller.signal }))
    controller.abort()
    expect(await pending).toEqual({ kind: 'cancelled' })
  })

  it('keeps the part of an answer that came before the connection broke', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      response.write('{"success":tr', () => response.destroy())
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const result = await sendAttempt(
      dispatcher,
      listRequest({ url: new URL(apiPaths.entities, `http://127.0.0.1:${port}/`) }),
    )
    server.close()
    expect(result).toMatchObject({
      kind: 'noAnswer',
      cause: 'network',
      sent: true,
      received: { status: 200, headers: { 'content-type': 'application/json' } },
    })
    if (result.kind !== 'noAnswer') return
    expect(result.received?.bytes.toString('utf8')).toBe('{"success":tr')
  })
})
