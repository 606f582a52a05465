import { describe, expect, it } from 'vitest'
import { evidenceSchema } from '../../../shared/bridge/evidenceSchema'
import type { SentAttempt } from './apiAttempt'
import { buildEvidence } from './apiEvidence'

const evidenceOf = (last: SentAttempt) =>
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
})
