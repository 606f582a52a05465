import { apiErrorNames } from '../../../shared/api/apiErrorNames'
import { bridgeErrorNames } from '../../../shared/bridge'
import { ServiceError } from '../serviceError'
import type { ErrorEnvelope } from './apiEnvelopes'

const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat
}

export const unexpectedResponse = (label: string, status: number, bodyText: string): ServiceError =>
  new ServiceError(
    bridgeErrorNames.unexpectedResponse,
    `${label} answered with something unexpected (HTTP ${status}): "${excerpt(bodyText) || 'empty body'}". Try again later; if it persists, check the base URL in Settings.`,
    { status },
  )

export const unreachable = (
  label: string,
  baseUrl: string,
  cause: 'timeout' | 'network',
): ServiceError =>
  new ServiceError(
    bridgeErrorNames.serviceUnreachable,
    cause === 'timeout'
      ? `${label} at ${baseUrl} did not answer in time. Check your connection; cached data stays available.`
      : `${label} at ${baseUrl} cannot be reached. Check your connection; cached data stays available.`,
  )

/**
 * Branches on the error's name, falling back on the HTTP status; never on the message,
 * whose wording the spec says may change.
 */
export function serviceErrorFromResponse(
  label: string,
  status: number,
  envelope: ErrorEnvelope,
  retryAfterS: number | undefined,
): ServiceError {
  const name = envelope.name
  const is = (expected: string, expectedStatus: number): boolean =>
    name === expected || status === expectedStatus
  if (is(apiErrorNames.unauthorized, 401)) {
    return new ServiceError(
      bridgeErrorNames.unauthorized,
      `${label} rejected the API key (401). Check the secret key for ${label} in Settings.`,
      { status },
    )
  }
  if (is(apiErrorNames.paymentRequired, 402)) {
    return new ServiceError(
      bridgeErrorNames.paymentRequired,
      `${label} says the account balance is too low for this check (402). Top up the account, then retry.`,
      { status },
    )
  }
  if (is(apiErrorNames.forbidden, 403)) {
    return new ServiceError(
      bridgeErrorNames.forbidden,
      `${label} does not allow this with the current key (403): the plan may not include it, or the key is a public key. Use a secret key whose plan includes it.`,
      { status },
    )
  }
  if (is(apiErrorNames.notFound, 404)) {
    return new ServiceError(
      bridgeErrorNames.notFound,
      `${label} has no such record (404). Check the identifier: it may belong to another environment.`,
      {
        status,
      },
    )
  }
  if (is(apiErrorNames.rateLimited, 429)) {
    const wait = retryAfterS === undefined ? 'a moment' : `${retryAfterS} s`
    return new ServiceError(
      bridgeErrorNames.rateLimited,
      `${label} is limiting requests (429). Wait ${wait}, then retry.`,
      { status, ...(retryAfterS === undefined ? {} : { retryAfterS }) },
    )
  }
  if (status >= 500) {
    return new ServiceError(
      bridgeErrorNames.serverFailure,
      `${label} failed while handling the request (HTTP ${status}). Try again in a few minutes.`,
      { status },
    )
  }
  return new ServiceError(
    name ?? bridgeErrorNames.validation,
    `${label} refused the request (HTTP ${status})${envelope.message ? `: ${excerpt(envelope.message)}` : ''}.`,
    { status },
  )
}
