import { describe, expect, it } from 'vitest'
import { evidenceSchema } from '../../../shared/bridge/evidenceSchema'
import { buildEvidence } from './apiEvidence'

describe('buildEvidence', () => {
  it('keeps the answer’s bytes as received and the request as sent, in the evidence shape', () => {
    const bytes = Buffer.from('{"success":true,"data":{"ü":1}}  ')
    const evidence = buildEvidence({
      environment: { id: 'sandbox', baseUrl: 'http://127.0.0.1:9/prefix/' },
      request: {
        method: 'GET',
        url: new URL('http://127.0.0.1:9/prefix/v2/api/entities?page=2&limit=5'),
        body: undefined,
      },
      answer: { kind: 'answered', status: 200, headers: { 'content-type': 'a/b' }, bytes },
      startedAt: new Date('2026-11-21T10:00:00.000Z'),
      durationMs: 12.345,
      attempts: 2,
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
    })
    expect(Buffer.from(evidence.response.bodyBase64, 'base64').equals(bytes)).toBe(true)
  })
})
