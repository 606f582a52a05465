import type { EnvironmentId } from '../../../shared/environments'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import type { AnsweredAttempt } from './apiAttempt'

export interface EvidenceInput {
  environment: { id: EnvironmentId; baseUrl: string }
  request: { method: 'GET' | 'POST'; url: URL; body: unknown }
  answer: AnsweredAttempt
  startedAt: Date
  durationMs: number
  attempts: number
}

/**
 * What is kept of an answered request: the bytes as received, the status and kept headers, and
 * the request as sent but for its key, which is never part of the evidence.
 */
export const buildEvidence = (input: EvidenceInput): Evidence => ({
  environment: input.environment.id,
  baseUrl: input.environment.baseUrl,
  request: {
    method: input.request.method,
    path: `${input.request.url.pathname}${input.request.url.search}`,
    body: input.request.body ?? null,
  },
  response: {
    status: input.answer.status,
    headers: input.answer.headers,
    bodyBase64: input.answer.bytes.toString('base64'),
    bytes: input.answer.bytes.length,
  },
  startedAt: input.startedAt.toISOString(),
  durationMs: Math.round(input.durationMs * 10) / 10,
  attempts: input.attempts,
})
