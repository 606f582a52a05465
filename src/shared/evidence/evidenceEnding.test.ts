import { describe, expect, it } from 'vitest'
import type { Evidence } from '../bridge/evidenceSchema'
import { howItEnded } from './evidenceEnding'

const evidence = (overrides: Partial<Evidence>, response: Partial<Evidence['response']> = {}) =>
  ({
    environment: 'production',
    baseUrl: 'http://127.0.0.1:1/',
    request: { method: 'POST', path: '/v2/api/x', body: null },
    response: { status: 0, headers: {}, bodyBase64: '', bytes: 0, ...response },
    startedAt: '2026-11-26T10:00:00.000Z',
    durationMs: 20_000,
    attempts: 1,
    ...overrides,
  }) satisfies Evidence

describe('how a request ended, in words', () => {
  it('names the answer, and says what happened instead of one, never "HTTP 0"', () => {
    expect(howItEnded(evidence({ ended: 'answered' }, { status: 200, bytes: 1234 }))).toBe(
      'the service answered HTTP 200 with 1,234 bytes',
    )
    // Kept before failures had evidence: always of an answer.
    expect(howItEnded(evidence({}, { status: 402, bytes: 1 }))).toBe(
      'the service answered HTTP 402 with 1 byte',
    )
    expect(howItEnded(evidence({ ended: 'timeout' }))).toBe(
      'no answer came before the time allowed ran out',
    )
    expect(howItEnded(evidence({ ended: 'reset' }, { status: 200, bytes: 10 }))).toBe(
      'the connection broke after the request was sent (HTTP 200 and 10 bytes of an answer had arrived)',
    )
    for (const ended of ['timeout', 'reset', 'unreachable', 'cancelled'] as const)
      expect(howItEnded(evidence({ ended }))).not.toContain('HTTP 0')
  })
})
