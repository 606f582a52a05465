import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../main/host/browserHost'
import {
  BridgeCallError,
  createCallBridge,
  type CallBridge,
} from '../renderer/src/bridge/bridgeCall'
import { getInitialConnectivity, useConnectivity } from '../renderer/src/bridge/connectivity'
import { httpTransport, openSession } from '../renderer/src/bridge/httpTransport'
import { apiPaths, rootedPath } from '../shared/api/apiPaths'
import { openHostSession, type HostSession } from '../test-support/hostSession'
import { startMainSideOnSandbox, type MainSideOnSandbox } from '../test-support/mainSideOnSandbox'

/**
 * The browser mode's bridge end to end: the renderer's HTTP transport and bridge client, over
 * real HTTP, to the real browser host serving the real main side on a local sandbox.
 */
let app: MainSideOnSandbox
let host: BrowserHost
let session: HostSession
let callBridge: CallBridge

beforeEach(async () => {
  useConnectivity.setState(getInitialConnectivity(), true)
  app = await startMainSideOnSandbox()
  host = await startBrowserHost({
    handlers: app.mainSide.handlers,
    rendererDir: mkdtempSync(join(tmpdir(), 'cd-renderer-')),
  })
  session = await openHostSession(host.url)
  callBridge = createCallBridge(httpTransport(session))
})

afterEach(async () => {
  await host.close()
  await app.stop()
})

const failureOf = async (call: Promise<unknown>): Promise<BridgeCallError> => {
  const outcome = await call.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  )
  if (outcome instanceof BridgeCallError) return outcome
  throw outcome
}

const entityRequests = () =>
  app.sandbox.requests.filter((request) => request.path.startsWith(rootedPath(apiPaths.entities)))

describe('the browser mode bridge', () => {
  it('carries a call to the main side and back; an answer from the service means online', async () => {
    const page = await callBridge('entities.list', { page: 1, limit: 5 })
    expect(page.items).toHaveLength(5)
    expect(useConnectivity.getState().status).toBe('online')
  })

  it('leaves connectivity alone for calls that never ask the service', async () => {
    const settings = await callBridge('settings.get', {})
    expect(settings.activeEnvironment).toBe('local')
    expect(useConnectivity.getState()).toEqual({ status: 'unknown' })
  })

  it('says the service is unreachable, that nothing reached it, and goes offline until it answers', async () => {
    await app.sandbox.suspend()
    const error = await failureOf(callBridge('entities.list', { page: 1, limit: 5 }))
    expect(error).toMatchObject({ name: 'ServiceUnreachableError', mayHaveReachedService: false })
    const offline = useConnectivity.getState()
    expect(offline).toMatchObject({ status: 'offline', message: error.message })
    await app.sandbox.resume()
    await callBridge('entities.list', { page: 1, limit: 5 })
    expect(useConnectivity.getState().status).toBe('online')
  })

  it('takes a refused key as proof the service is reachable (and refusing), and as nothing done', async () => {
    await app.sandbox.suspend()
    await failureOf(callBridge('entities.list', { page: 1, limit: 5 }))
    await app.sandbox.resume()
    const publicKey = app.sandbox.environment('sandbox').publicKey
    await callBridge('keys.set', { environment: 'local', secretKey: publicKey })
    expect(useConnectivity.getState().status).toBe('offline')
    const error = await failureOf(callBridge('entities.list', { page: 1, limit: 5 }))
    expect(error).toMatchObject({
      name: 'ForbiddenError',
      status: 403,
      mayHaveReachedService: false,
    })
    expect(useConnectivity.getState().status).toBe('unauthorised')
  })

  it('carries the main side’s word that a lost answer may have been acted on', async () => {
    app.sandbox.injectFault(
      { kind: 'resetAfterProcessing' },
      { pathPrefix: rootedPath(apiPaths.entities) },
    )
    const error = await failureOf(
      callBridge('entities.create', {
        requestId: crypto.randomUUID(),
        entity: {
          entityType: 'individual',
          isSubjectConsent: true,
          firstName: 'Ada',
          lastName: 'Test',
          email: 'ada@example.com',
        },
      }),
    )
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', mayHaveReachedService: true })
    expect(entityRequests()).toHaveLength(1)
    expect(useConnectivity.getState()).toEqual({ status: 'unknown' })
  })

  it('refuses a page without a session, and one whose launch code was already spent: nothing is sent', async () => {
    const withoutSession = createCallBridge(httpTransport({ origin: host.origin }))
    expect(await failureOf(withoutSession('entities.list', { page: 1, limit: 5 }))).toMatchObject({
      name: 'PageNotAuthorisedError',
      status: 401,
      mayHaveReachedService: false,
    })
    const spentCode = new URL(host.url).searchParams.get('launch') ?? ''
    const replayed = createCallBridge(
      httpTransport({ origin: host.origin, session: openSession(host.origin, spentCode) }),
    )
    const refusal = await failureOf(replayed('entities.list', { page: 1, limit: 5 }))
    expect(refusal).toMatchObject({
      name: 'PageNotAuthorisedError',
      status: 403,
      mayHaveReachedService: false,
    })
    expect(refusal.message).toContain('already been used')
    expect(entityRequests()).toHaveLength(0)
    expect(useConnectivity.getState()).toEqual({ status: 'unknown' })
  })

  it('says a host that is gone is unreachable, and that the call may have reached it', async () => {
    await host.close()
    const error = await failureOf(callBridge('entities.list', { page: 1, limit: 5 }))
    expect(error).toMatchObject({ name: 'HostUnreachableError', mayHaveReachedService: true })
    expect(useConnectivity.getState()).toMatchObject({ status: 'offline' })
  })

  it('calls an answer that is not a bridge reply unreadable', async () => {
    const elsewhere = createCallBridge(
      httpTransport({ ...session, origin: app.sandbox.environment('sandbox').baseUrl }),
    )
    const error = await failureOf(elsewhere('entities.list', { page: 1, limit: 5 }))
    expect(error).toMatchObject({ name: 'UnreadableReplyError', mayHaveReachedService: true })
    expect(error.message).toContain('HTTP 404')
  })
})
