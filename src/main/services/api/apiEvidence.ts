import type { EnvironmentId } from '../../../shared/environments'
import type { Evidence, EvidenceEnding } from '../../../shared/bridge/evidenceSchema'
import type { Received, SentAttempt } from './apiAttempt'

export interface EvidenceInput {
  environment: { id: EnvironmentId; baseUrl: string }
  request: { method: 'GET' | 'POST'; url: URL; body: unknown }
  /** The last attempt sent: what it got is what the evidence shows. */
  last: SentAttempt
  startedAt: Date
  durationMs: number
  attempts: number
}

const nothingReceived: Received = { status: 0, headers: {}, bytes: Buffer.alloc(0) }

const endingOf = (last: SentAttempt): EvidenceEnding => {
  if (last.kind === 'answered' || last.kind === 'cancelled') return last.kind
  if (last.cause === 'timeout') return 'timeout'
  return last.sent ? 'reset' : 'unreachable'
}

/**
 * What is kept of a request that was sent, answered or not: whatever bytes of the answer arrived,
 * its status and kept headers, how it ended, and the request as sent but for its key, which is
 * never part of the evidence.
 */
export const buildEvidence = (input: EvidenceInput): Evidence => {
  const { last } = input
  const received = (last.kind === 'answered' ? last : last.received) ?? nothingReceived
  return {
    environment: input.environment.id,
    baseUrl: input.environment.baseUrl,
    request: {
      method: input.request.method,
      path: `${input.request.url.pathname}${input.request.url.search}`,
      body: input.request.body ?? null,
    },
    response: {
      status: received.status,
      headers: received.headers,
      bodyBase64: received.bytes.toString('base64'),
      bytes: received.bytes.length,
    },
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs * 10) / 10,
    attempts: input.attempts,
    ended: endingOf(last),
  }
}
