import type { EnvironmentId } from '../../../shared/environments'
import {
  maxEarlierExchanges,
  type Evidence,
  type EvidenceEnding,
  type EvidenceExchange,
} from '../../../shared/bridge/evidenceSchema'
import type { Received, SentAttempt } from './apiAttempt'

/** One try that went on the wire: how it ended, when it left and how long it took. */
export interface Exchange {
  attempt: SentAttempt
  sentAt: Date
  durationMs: number
}

export interface EvidenceInput {
  environment: { id: EnvironmentId; baseUrl: string }
  request: { method: 'GET' | 'POST'; url: URL; body: unknown }
  /** The last attempt sent: what it got is what the evidence shows. */
  last: SentAttempt
  startedAt: Date
  durationMs: number
  attempts: number
  /** The tries before the last, oldest first. */
  earlier: readonly Exchange[]
}

const nothingReceived: Received = { status: 0, headers: {}, bytes: Buffer.alloc(0) }

const endingOf = (last: SentAttempt): EvidenceEnding => {
  if (last.kind === 'answered' || last.kind === 'cancelled') return last.kind
  if (last.cause === 'timeout') return 'timeout'
  return last.sent ? 'reset' : 'unreachable'
}

const responseOf = (attempt: SentAttempt): Evidence['response'] => {
  const received = (attempt.kind === 'answered' ? attempt : attempt.received) ?? nothingReceived
  return {
    status: received.status,
    headers: received.headers,
    bodyBase64: received.bytes.toString('base64'),
    bytes: received.bytes.length,
  }
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10

const exchangeEvidence = ({ attempt, sentAt, durationMs }: Exchange): EvidenceExchange => ({
  sentAt: sentAt.toISOString(),
  durationMs: tenths(durationMs),
  ended: endingOf(attempt),
  response: responseOf(attempt),
})

/**
 * What is kept of a request that was sent, answered or not: whatever bytes of the answer arrived,
 * its status and kept headers, how it ended, and the request as sent but for its key, which is
 * never part of the evidence. A request sent again keeps what each earlier try got as well (the
 * newest, should there be more than the evidence holds).
 */
export const buildEvidence = (input: EvidenceInput): Evidence => {
  const { last } = input
  const earlier = input.earlier.slice(-maxEarlierExchanges)
  return {
    environment: input.environment.id,
    baseUrl: input.environment.baseUrl,
    request: {
      method: input.request.method,
      path: `${input.request.url.pathname}${input.request.url.search}`,
      body: input.request.body ?? null,
    },
    response: responseOf(last),
    startedAt: input.startedAt.toISOString(),
    durationMs: tenths(input.durationMs),
    attempts: input.attempts,
    ended: endingOf(last),
    ...(earlier.length > 0 ? { earlier: earlier.map(exchangeEvidence) } : {}),
  }
}
