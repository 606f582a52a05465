import { beforeEach, describe, expect, it } from 'vitest'
import {
  bridgeErrorNames,
  type BridgeErrorName,
  type BridgeMethod,
  type BridgeReply,
} from '../../../shared/bridge'
import {
  connectivityEvidence,
  getInitialConnectivity,
  noteBridgeReply,
  useConnectivity,
} from './connectivity'

const failed = (name: BridgeErrorName, message = 'it failed'): BridgeReply<never> => ({
  ok: false,
  error: { name, message, mayHaveReachedService: false },
})
const answered: BridgeReply<unknown> = { ok: true, data: {} }
const at = (iso: string) => () => new Date(iso)

beforeEach(() => {
  useConnectivity.setState(getInitialConnectivity(), true)
})

describe('connectivityEvidence', () => {
  it('takes an answer, or a refusal the service itself sent, as proof it is reachable', () => {
    expect(connectivityEvidence('entities.list', answered)).toEqual({ status: 'online' })
    for (const name of [
      bridgeErrorNames.paymentRequired,
      bridgeErrorNames.notFound,
      bridgeErrorNames.rateLimited,
      bridgeErrorNames.serverFailure,
      bridgeErrorNames.serviceRefused,
      bridgeErrorNames.unexpectedResponse,
    ]) {
      expect(connectivityEvidence('crypto.search', failed(name))).toEqual({ status: 'online' })
    }
  })

  it('takes a refused key (401, 403) as reachable but unauthorised, with its message', () => {
    for (const name of [bridgeErrorNames.unauthorized, bridgeErrorNames.forbidden]) {
      expect(connectivityEvidence('entities.list', failed(name, 'refused'))).toEqual({
        status: 'unauthorised',
        message: 'refused',
      })
    }
  })

  it('takes an unreachable service, or host, as offline, with its message', () => {
    for (const name of [bridgeErrorNames.serviceUnreachable, bridgeErrorNames.hostUnreachable]) {
      expect(connectivityEvidence('entities.get', failed(name, 'gone'))).toEqual({
        status: 'offline',
        message: 'gone',
      })
    }
  })

  it('learns nothing from calls that never ask the service, whatever their answer', () => {
    const local: BridgeMethod[] = ['settings.get', 'keys.set', 'evidence.beginExport']
    for (const method of local) {
      expect(connectivityEvidence(method, answered)).toBeNull()
      expect(connectivityEvidence(method, failed(bridgeErrorNames.hostUnreachable))).toBeNull()
    }
  })

  it('learns nothing from failures that could come from either side', () => {
    for (const name of [
      bridgeErrorNames.validation,
      bridgeErrorNames.missingKey,
      bridgeErrorNames.cancelled,
      bridgeErrorNames.outcomeUnknown,
      bridgeErrorNames.internal,
      bridgeErrorNames.pageNotAuthorised,
      bridgeErrorNames.hostRefused,
      bridgeErrorNames.unreadableReply,
    ]) {
      expect(connectivityEvidence('crypto.search', failed(name))).toBeNull()
    }
  })
})

describe('noteBridgeReply', () => {
  it('goes offline keeping when the outage began, and online again on the next answer', () => {
    noteBridgeReply(
      'entities.list',
      failed(bridgeErrorNames.serviceUnreachable, 'first'),
      at('2026-11-21T10:00:00.000Z'),
    )
    noteBridgeReply(
      'entities.list',
      failed(bridgeErrorNames.serviceUnreachable, 'second'),
      at('2026-11-21T10:05:00.000Z'),
    )
    expect(useConnectivity.getState()).toEqual({
      status: 'offline',
      since: '2026-11-21T10:00:00.000Z',
      message: 'second',
    })
    noteBridgeReply('settings.get', answered, at('2026-11-21T10:06:00.000Z'))
    expect(useConnectivity.getState().status).toBe('offline')
    noteBridgeReply(
      'crypto.search',
      failed(bridgeErrorNames.unauthorized, 'key refused'),
      at('2026-11-21T10:07:00.000Z'),
    )
    expect(useConnectivity.getState()).toEqual({
      status: 'unauthorised',
      checkedAt: '2026-11-21T10:07:00.000Z',
      message: 'key refused',
    })
    noteBridgeReply('crypto.search', answered, at('2026-11-21T10:08:00.000Z'))
    expect(useConnectivity.getState()).toEqual({
      status: 'online',
      checkedAt: '2026-11-21T10:08:00.000Z',
    })
  })
})
