import { bridgeErrorNames } from '../../../shared/bridge'
import type { Evidence } from '../../../shared/bridge/evidenceSchema'
import { ServiceError } from '../serviceError'
import type { ErrorEnvelope } from '../../../shared/api/apiEnvelopes'

const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat
}

export const unexpectedResponse = (
  label: string,
  status: number,
  bodyText: string,
  mayHaveReachedService: boolean,
): ServiceError =>
  new ServiceError(
    bridgeErrorNames.unexpectedResponse,
    `${label} answered with something unexpected (HTTP ${status}): "${excerpt(bodyText) || 'empty body'}". Try again later; if it persists, check the base URL in Settings.`,
    { status, mayHaveReachedService },
  )

/**
 * A success envelope whose data the app cannot read: the request was done (a billed check was
 * charged), so it may have reached the service, and the answer is kept as evidence.
 */
export const unreadableData = (
  label: string,
  reply: { status: number; data: unknown; evidence: Evidence },
): ServiceError =>
  unexpectedResponse(label, reply.status, JSON.stringify(reply.data) ?? '', true).withEvidence(
    reply.evidence,
  )

export const unreachable = (
  label: string,
  baseUrl: string,
  cause: 'timeout' | 'network',
  mayHaveReachedService: boolean,
): ServiceError =>
  new ServiceError(
    bridgeErrorNames.serviceUnreachable,
    cause === 'timeout'
      ? `${label} at ${baseUrl} did not answer in time. Check your connection; cached data stays available.`
      : `${label} at ${baseUrl} cannot be reached. Check your connection; cached data stays available.`,
    { mayHaveReachedService },
  )

export const notServingApi = (target: { label: string; baseUrl: string }): ServiceError =>
  new ServiceError(
    bridgeErrorNames.serviceRefused,
    `${target.label} at ${target.baseUrl} does not serve the API: it answered 404 (not found) for a route the API always has. Check the base URL in Settings.`,
    { status: 404, mayHaveReachedService: false },
  )

export const outcomeUnknown = (label: string, what: string, billed: boolean): ServiceError =>
  new ServiceError(
    bridgeErrorNames.outcomeUnknown,
    billed
      ? `${label} may have run this billed check, but ${what}. It was not sent again, so you are not charged twice. Look in History and at your account before running it again.`
      : `${label} may have done what was asked, but ${what}. It was not sent again automatically: check whether it went through before sending it again.`,
    { mayHaveReachedService: true },
  )

export const cancelled = (mayHaveReachedService: boolean): ServiceError =>
  new ServiceError(
    bridgeErrorNames.cancelled,
    'The request was cancelled. If it had already reached the service, a billed check may still have been charged.',
    { mayHaveReachedService },
  )

/**
 * Branches on the error's name, falling back on the HTTP status; never on the message,
 * whose wording the spec says may change. A 4xx answer (429 included) says the request was
 * refused, so nothing was done; a 5xx may have failed halfway.
 */
export function serviceErrorFromResponse(
  label: string,
  status: number,
  envelope: ErrorEnvelope,
  retryAfterS: number | undefined,
): ServiceError {
  // The real service's names drift (it sends a 403 named UnauthorizedError): the HTTP status
  // decides what an answer means, and the service's own words follow ours, quoted.
  const theirs = envelope.message ? ` The service said: “${excerpt(envelope.message)}”` : ''
  const refused = { status, mayHaveReachedService: false }
  if (status === 401) {
    return new ServiceError(
      bridgeErrorNames.unauthorized,
      `${label} rejected the API key (401). Check the secret key for ${label} in Settings.${theirs}`,
      refused,
    )
  }
  if (status === 402) {
    return new ServiceError(
      bridgeErrorNames.paymentRequired,
      `${label} says the account balance is too low for this check (402). Top up the account, then retry.${theirs}`,
      refused,
    )
  }
  if (status === 403) {
    return new ServiceError(
      bridgeErrorNames.forbidden,
      `${label} does not allow this with the current key (403): the plan may not include it, or the key is a public key. Use a secret key whose plan includes it.${theirs}`,
      refused,
    )
  }
  if (status === 404) {
    return new ServiceError(
      bridgeErrorNames.notFound,
      `${label} has no such record (404). Check the identifier: it may belong to another environment.${theirs}`,
      refused,
    )
  }
  if (status === 429) {
    const wait = retryAfterS === undefined ? 'a moment' : `${retryAfterS} s`
    return new ServiceError(
      bridgeErrorNames.rateLimited,
      `${label} is limiting requests (429). Wait ${wait}, then retry.${theirs}`,
      { ...refused, ...(retryAfterS === undefined ? {} : { retryAfterS }) },
    )
  }
  if (status >= 500) {
    return new ServiceError(
      bridgeErrorNames.serverFailure,
      `${label} failed while handling the request (HTTP ${status}). Try again in a few minutes.${theirs}`,
      { status, mayHaveReachedService: true },
    )
  }
  const invalid = status === 400 || status === 422
  return new ServiceError(
    invalid ? bridgeErrorNames.validation : bridgeErrorNames.serviceRefused,
    `${label} refused the request (HTTP ${status}).${theirs}`,
    refused,
  )
}
