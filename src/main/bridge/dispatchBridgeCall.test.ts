import { describe, expect, it, vi } from 'vitest'
import { bridgeReplySchema, type BridgeHandlers } from '../../shared/bridge'
import { ServiceError } from '../services/serviceError'
import { fakeBridgeHandlers } from '../../test-support/fakeBridgeHandlers'
import { dispatchBridgeCall } from './dispatchBridgeCall'

const page = {
  environment: 'local' as const,
  fetchedAt: '2026-11-21T10:00:00.000Z',
  total: 1,
  page: 1,
  limit: 20,
  hasNext: false,
  hasPrev: false,
  items: [{ id: 'ent_abc' }],
}

const fakeHandlers = (overrides: Partial<BridgeHandlers> = {}): BridgeHandlers =>
  fakeBridgeHandlers({ 'entities.list': async () => page, ...overrides })

describe('dispatchBridgeCall', () => {
  it('calls the handler with parsed input and returns its validated output', async () => {
    const handlers = fakeHandlers()
    const reply = await dispatchBridgeCall(handlers, 'entities.list', { page: 1, limit: 20 })
    expect(reply).toEqual({ ok: true, data: page })
    expect(handlers['entities.list']).toHaveBeenCalledWith({ page: 1, limit: 20 })
  })

  it.each([
    [{ page: 0, limit: 20 }, 'page'],
    [{ page: 1, limit: 101 }, 'limit'],
    [{ page: 1, limit: '20' }, 'limit'],
    [{ page: 1 }, 'limit'],
  ])('refuses %j naming the field "%s", without calling the handler', async (input, field) => {
    const handlers = fakeHandlers()
    const reply = await dispatchBridgeCall(handlers, 'entities.list', input)
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.name).toBe('ValidationError')
    expect(reply.error.message).toContain(`${field}:`)
    expect(reply.error.status).toBe(400)
    expect(reply.error.mayHaveReachedService).toBe(false)
    expect(handlers['entities.list']).not.toHaveBeenCalled()
  })

  it('refuses unknown members and a missing payload', async () => {
    const handlers = fakeHandlers()
    const extra = await dispatchBridgeCall(handlers, 'entities.list', {
      page: 1,
      limit: 20,
      admin: true,
    })
    expect(extra).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    const missing = await dispatchBridgeCall(handlers, 'entities.list', undefined)
    expect(missing).toMatchObject({ ok: false, error: { name: 'ValidationError' } })
    expect(handlers['entities.list']).not.toHaveBeenCalled()
  })

  it('refuses a method that is not in the contract, including inherited names', async () => {
    for (const method of ['entities.delete', 'toString', '__proto__', 42]) {
      const reply = await dispatchBridgeCall(fakeHandlers(), method, {})
      expect(reply).toMatchObject({
        ok: false,
        error: { name: 'UnknownMethodError', mayHaveReachedService: false },
      })
    }
  })

  it('carries a service error across as its name, message, status and retry delay', async () => {
    const handlers = fakeHandlers({
      'entities.list': () =>
        Promise.reject(
          new ServiceError('RateLimitError', 'Wait 3 s.', {
            status: 429,
            retryAfterS: 3,
            mayHaveReachedService: false,
          }),
        ),
    })
    const reply = await dispatchBridgeCall(handlers, 'entities.list', { page: 1, limit: 20 })
    expect(reply).toEqual({
      ok: false,
      error: {
        name: 'RateLimitError',
        message: 'Wait 3 s.',
        status: 429,
        retryAfterS: 3,
        mayHaveReachedService: false,
      },
    })
    expect(JSON.parse(JSON.stringify(reply))).toEqual(reply)
    expect(bridgeReplySchema.parse(reply)).toEqual(reply)
  })

  it('carries whether a service error may have reached the service', async () => {
    const handlers = fakeHandlers({
      'entities.list': () =>
        Promise.reject(
          new ServiceError('OutcomeUnknownError', 'It may have gone through.', {
            mayHaveReachedService: true,
          }),
        ),
    })
    const reply = await dispatchBridgeCall(handlers, 'entities.list', { page: 1, limit: 20 })
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'OutcomeUnknownError', mayHaveReachedService: true },
    })
  })

  it('hides an unexpected exception behind an internal error and logs it', async () => {
    const log = vi.fn()
    const handlers = fakeHandlers({
      'entities.list': () => Promise.reject(new TypeError('secret detail')),
    })
    const reply = await dispatchBridgeCall(handlers, 'entities.list', { page: 1, limit: 20 }, log)
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'InternalError', mayHaveReachedService: true },
    })
    expect(JSON.stringify(reply)).not.toContain('secret detail')
    expect(log).toHaveBeenCalledOnce()
  })

  it('says an unexpected failure of a call that never asks the service reached nothing', async () => {
    const handlers = fakeHandlers({
      'settings.get': () => Promise.reject(new TypeError('broken')),
    })
    const reply = await dispatchBridgeCall(handlers, 'settings.get', {}, vi.fn())
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'InternalError', mayHaveReachedService: false },
    })
  })

  it('refuses to return output that breaks the contract', async () => {
    const handlers = fakeHandlers({
      'entities.list': async () => ({ ...page, items: [{ id: 'not-an-entity-id' }] }),
    })
    const reply = await dispatchBridgeCall(
      handlers,
      'entities.list',
      { page: 1, limit: 20 },
      vi.fn(),
    )
    expect(reply).toMatchObject({ ok: false, error: { name: 'InternalError' } })
  })
})
