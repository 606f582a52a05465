import { describe, expect, it } from 'vitest'
import { evidenceSchema, maxEarlierExchanges } from '../../../shared/bridge/evidenceSchema'
import type { SentAttempt } from './apiAttempt'
import { buildEvidence, type Exchange } from './apiEvidence'

const evidenceOf = (last: SentAttempt, earlier: readonly Exchange[] = []) =>
  buildEvidence({
    environment: { id: 'sandbox', baseUrl: 'http://127.0.0.1:9/prefix/' },
    request: {
      method: 'GET',
      url: new URL('http://127.0.0.1:9/prefix/v2/api/entities?page=2&limit=5'),
      body: undefined,
    },
    last,
    startedAt: new Date('2026-11-21T10:00:00.000Z'),
    durationMs: 12.345,
    attempts: 2,
    earlier,
  })

describe('buildEvidence', () => {
  it('keeps the answer’s bytes as received and the request as sent, in the evidence shape', () => {
    const bytes = Buffer.from('{"success":true,"data":{"ü":1}}  ')
    const evidence = evidenceOf({
      kind: 'answered',
      status: 200,
      headers: { 'content-type': 'a/b' },
      bytes,
    })
    expect(evidenceSchema.parse(evidence)).toEqual(evidence)
    expect(evidence).toEqual({
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9/prefix/',
      request: { method: 'GET', path: '/prefix/v2/api/entities?page=2&limit=5', body: null },
      response: {
        status: 200,
        headers: { 'content-type': 'a/b' },
        bodyBase64: bytes.toString('base64'),
        bytes: bytes.length,
      },
      startedAt: '2026-11-21T10:00:00.000Z',
      durationMs: 12.3,
      attempts: 2,
      ended: 'answered',
    })
    expect(Buffer.from(evidence.response.bodyBase64, 'base64').equals(bytes)).toBe(true)
  })

  it.each([
    [{ kind: 'noAnswer', cause: 'timeout', sent: true }, 'timeout'],
    [{ kind: 'noAnswer', cause: 'network', sent: true }, 'reset'],
    [{ kind: 'noAnswer', cause: 'network', sent: false }, 'unreachable'],
    [{ kind: 'cancelled' }, 'cancelled'],
  ] as const)('keeps a request that got nothing (%o) as ended %s, status 0', (last, ended) => {
    const evidence = evidenceOf(last)
    expect(evidenceSchema.parse(evidence)).toEqual(evidence)
    expect(evidence).toMatchObject({
      request: { method: 'GET', path: '/prefix/v2/api/entities?page=2&limit=5' },
      response: { status: 0, headers: {}, bodyBase64: '', bytes: 0 },
      attempts: 2,
      ended,
    })
  })

  it('keeps the part of an answer that arrived before the connection broke', () => {
    const bytes = Buffer.from('{"success":tr')
    const received = { status: 200, headers: { 'content-length': '40' }, bytes }
    expect(evidenceOf({ kind: 'noAnswer', cause: 'network', sent: true, received })).toMatchObject({
      response: { status: 200, headers: received.headers, bodyBase64: bytes.toString('base64') },
      ended: 'reset',
    })
  })

  it('keeps each earlier try, oldest first, up to the most the evidence holds: the newest', () => {
    const tries: Exchange[] = Array.from({ length: maxEarlierExchanges + 5 }, (_, index) => ({
      attempt: {
        kind: 'answered',
        status: 429,
        headers: { 'retry-after': '1' },
        bytes: Buffer.from(`{"try":${index}}`),
      },
      sentAt: new Date(Date.UTC(2026, 10, 21, 10, 0, index)),
      durationMs: 1.25,
    }))
    const evidence = evidenceOf({ kind: 'noAnswer', cause: 'timeout', sent: true }, tries)
    expect(evidenceSchema.parse(evidence)).toEqual(evidence)
    expect(evidence.earlier).toHaveLength(maxEarlierExchanges)
    expect(evidence.earlier?.[0]).toEqual({
      sentAt: '2026-11-21T10:00:05.000Z',
      durationMs: 1.3,
      ended: 'answered',
      response: {
        status: 429,
        headers: { 'retry-after': '1' },
        bodyBase64: Buffer.from('{"try":5}').toString('base64'),
        bytes: 9,
      },
    })
    expect(evidence.earlier?.at(-1)?.sentAt).toBe('2026-11-21T10:00:24.000Z')
  })
})
