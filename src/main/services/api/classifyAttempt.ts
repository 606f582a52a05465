import type { ServiceError } from '../serviceError'
import type { AnsweredAttempt, AttemptResult } from './apiAttempt'
import { errorEnvelopeSchema } from '../../../shared/api/apiEnvelopes'
import { successEnvelopeOfText } from '../../../shared/api/cryptoAnswer'
import {
  cancelled,
  notServingApi,
  outcomeUnknown,
  serviceErrorFromResponse,
  unexpectedResponse,
  unreachable,
} from './apiErrors'

/** What the classifier needs to know about the request besides what came back. */
export interface AttemptContext {
  label: string
  baseUrl: string
  /** Once it may have reached the service, never sent again automatically. */
  atMostOnce: boolean
  /** Said in the message when the outcome is unknown: the user may have been charged. */
  billed: boolean
  /** Reading one record by id: a 404 then means there is no such record. */
  lookup: boolean
}

/** How long a safe-to-repeat failure asks to wait: the service's own word, or back-off. */
export type RetryWait = { kind: 'retryAfter'; seconds: number | undefined } | { kind: 'backoff' }

export type Verdict =
  | { verdict: 'ok'; data: unknown; links: unknown[]; answer: AnsweredAttempt }
  /** Safe to send again; `error` is what the user sees if it is not. */
  | { verdict: 'retry'; wait: RetryWait; error: ServiceError }
  /** It may have been done and must not be done twice: never sent again automatically. */
  | { verdict: 'outcomeUnknown'; error: ServiceError }
  | { verdict: 'final'; error: ServiceError }

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export const retryAfterOf = (answer: AnsweredAttempt): number | undefined => {
  const retryAfter = Number(answer.headers['retry-after'])
  return Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : undefined
}

/**
 * The one place that decides whether a request may be sent again. A 429 was refused before
 * processing and a connection that never opened carried nothing, so both are safe to repeat.
 * Anything else that is not a definite answer may have been processed: an at-most-once request
 * (a billed check, a creation) then has an unknown outcome; any other request may be repeated.
 */
export function classifyAttempt(result: AttemptResult, context: AttemptContext): Verdict {
  const { label, atMostOnce } = context
  const maybeDone = (what: string, otherwise: ServiceError): Verdict =>
    atMostOnce
      ? { verdict: 'outcomeUnknown', error: outcomeUnknown(label, what, context.billed) }
      : { verdict: 'retry', wait: { kind: 'backoff' }, error: otherwise }

  if (result.kind === 'cancelled') return { verdict: 'final', error: cancelled(true) }
  if (result.kind === 'notSent') return { verdict: 'final', error: result.error }
  if (result.kind === 'noAnswer') {
    const error = unreachable(label, context.baseUrl, result.cause, result.sent)
    if (!result.sent) return { verdict: 'retry', wait: { kind: 'backoff' }, error }
    return maybeDone(
      result.cause === 'timeout'
        ? 'no answer arrived in time'
        : 'the connection broke before its answer arrived',
      error,
    )
  }

  const { status } = result
  const text = result.bytes.toString('utf8')
  if (status >= 200 && status < 300) {
    const envelope = successEnvelopeOfText(text)
    if (envelope) return { verdict: 'ok', ...envelope, answer: result }
    return maybeDone(
      `its answer could not be read (HTTP ${status})`,
      unexpectedResponse(label, status, text, true),
    )
  }
  // A 404 from a route that always exists: the base URL points at something else.
  if (status === 404 && !context.lookup) return { verdict: 'final', error: notServingApi(context) }
  const envelope = errorEnvelopeSchema.safeParse(parseJson(text))
  const retryAfterS = retryAfterOf(result)
  const processing = status >= 500
  const error = envelope.success
    ? serviceErrorFromResponse(label, status, envelope.data, retryAfterS)
    : unexpectedResponse(label, status, text, processing)
  if (status === 429) {
    return { verdict: 'retry', wait: { kind: 'retryAfter', seconds: retryAfterS }, error }
  }
  if (processing) return maybeDone(`it failed while handling it (HTTP ${status})`, error)
  return { verdict: 'final', error }
}
