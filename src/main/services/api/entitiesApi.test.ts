import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../sandbox/sandboxServer'
import type { ResolvedEnvironment } from '../environments/environmentService'
import { failureOf } from '../../../test-support/apiOnSandbox'
import { createApiClient } from './apiClient'
import { listEntities } from './entitiesApi'

let sandbox: RunningSandbox
let local: ResolvedEnvironment
const client = createApiClient({ timeoutMs: 2000 })

/** A stand-in for a misbehaving deployment: answers every request with a fixed reply. */
const fixedServer = async (
  status: number,
  contentType: string,
  body: string,
): Promise<{ server: Server; baseUrl: string }> => {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': contentType })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}

beforeAll(async () => {
  sandbox = await startSandbox()
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  local = { id: 'local', label: 'Local sandbox', baseUrl, secretKey }
})

afterAll(async () => {
  await sandbox.close()
})

describe('listing entities against the local sandbox over HTTP', () => {
  it('returns the page with its total and the direction links', async () => {
    const page = await listEntities(client, local, 2, 50)
    expect(page).toMatchObject({
      environment: 'local',
      total: 300,
      page: 2,
      limit: 50,
      hasNext: true,
      hasPrev: true,
    })
    expect(page.items).toHaveLength(50)
    expect(Date.parse(page.fetchedAt)).not.toBeNaN()
    const last = await listEntities(client, local, 6, 50)
    expect(last.hasNext).toBe(false)
  })

  it('sends the key in the token header: a wrong key becomes a 401 sentence naming the environment', async () => {
    const error = await failureOf(
      listEntities(client, { ...local, secretKey: 'sk_test_wrong' }, 1, 20),
    )
    expect(error.name).toBe('UnauthorizedError')
    expect(error.status).toBe(401)
    expect(error.message).toContain('Check the secret key for Local sandbox in Settings')
  })

  it('reports an unreachable service as such, naming its address', async () => {
    const stopped = await startSandbox()
    const environment = { ...local, baseUrl: stopped.environment('sandbox').baseUrl }
    await stopped.close()
    const error = await failureOf(listEntities(client, environment, 1, 20))
    expect(error.name).toBe('ServiceUnreachableError')
    expect(error.message).toContain(environment.baseUrl)
  })

  it('turns an HTML error page into "answered with something unexpected" with an excerpt', async () => {
    const { server, baseUrl } = await fixedServer(
      502,
      'text/html',
      '<html><body>Bad gateway from proxy</body></html>',
    )
    const error = await failureOf(listEntities(client, { ...local, baseUrl }, 1, 20))
    server.close()
    expect(error.name).toBe('UnexpectedResponseError')
    expect(error.message).toContain('answered with something unexpected (HTTP 502)')
    expect(error.message).toContain('Bad gateway from proxy')
  })

  it('understands an older {message, status_code} error body by its status', async () => {
    const { server, baseUrl } = await fixedServer(
      401,
      'application/json',
      '{"message":"nope","status_code":401}',
    )
    const error = await failureOf(listEntities(client, { ...local, baseUrl }, 1, 20))
    server.close()
    expect(error.name).toBe('UnauthorizedError')
  })

  it('keeps unknown entity fields and tolerates extra envelope members', async () => {
    const body = JSON.stringify({
      success: true,
      status_code: 200,
      message: 'ok',
      traceId: 'abc',
      data: { total: 1, page: 1, limit: 20, list: [{ id: 'ent_x1', riskScore: 7 }] },
      links: [],
    })
    const { server, baseUrl } = await fixedServer(200, 'application/json', body)
    const page = await listEntities(client, { ...local, baseUrl }, 1, 20)
    server.close()
    expect(page.items[0]).toEqual({ id: 'ent_x1', riskScore: 7 })
  })
})
