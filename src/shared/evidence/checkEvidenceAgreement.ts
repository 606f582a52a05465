import { validateAddress } from '../address'
import type { CryptoCheck } from '../bridge/cryptoContract'
import type { Evidence } from '../bridge/evidenceSchema'
import { canonicalJson } from '../cases/canonicalJson'

/** What a check says of itself beside its evidence: all of it the renderer's word until checked. */
export interface ClaimedCheck {
  environment: string
  query: string
  queryKey: string
  advancedSearch?: Record<string, string>
  fetchedAt: string
  evidence: Pick<Evidence, 'environment' | 'startedAt'> & { request: { body: unknown } }
}

/** The key two identifiers share exactly when they name the same wallet (see validateAddress). */
const walletKey = (identifier: string): string => validateAddress(identifier).normalized

const quoted = (value: unknown): string =>
  value === undefined || value === null
    ? 'none'
    : `“${typeof value === 'string' ? value : canonicalJson(value)}”`

const bodyOf = (evidence: ClaimedCheck['evidence']): Record<string, unknown> => {
  const { body } = evidence.request
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {}
}

/**
 * Where what a check says of itself contradicts its evidence: the identifier, advanced search and
 * time are those of the request it recorded as sent, the environment the one that answered, and
 * the answer (`answer`, read from the raw bytes) is about the identifier that was sent, as far as
 * the service's echo of it says. Each a phrase following "the check"; empty when all agree. The
 * exporter refuses such a check, the verifier reports it, so neither signs nor passes a record
 * whose words outrun what was sent and answered.
 */
export function evidenceContradictions(claimed: ClaimedCheck, answer: CryptoCheck): string[] {
  const found: string[] = []
  const { evidence } = claimed
  const body = bodyOf(evidence)
  if (claimed.environment !== evidence.environment) {
    found.push(
      `says it is of ${claimed.environment}, its evidence that the answer came from ${evidence.environment}`,
    )
  }
  const sent = body.query
  if (typeof sent !== 'string') {
    found.push(`says it checked ${quoted(claimed.query)}, its recorded request sent no identifier`)
  } else {
    if (claimed.query !== sent) {
      found.push(
        `says it checked ${quoted(claimed.query)}, its recorded request sent ${quoted(sent)}`,
      )
    }
    if (walletKey(claimed.queryKey) !== walletKey(sent)) {
      found.push(
        `is filed under the wallet ${quoted(claimed.queryKey)}, its recorded request sent ${quoted(sent)}`,
      )
    }
    if (typeof answer.query === 'string' && walletKey(answer.query) !== walletKey(sent)) {
      found.push(
        `has an answer about ${quoted(answer.query)} (its response.raw), its recorded request sent ${quoted(sent)}`,
      )
    }
  }
  if (
    canonicalJson(claimed.advancedSearch ?? null) !== canonicalJson(body.advancedSearch ?? null)
  ) {
    found.push(
      `says its advanced search was ${quoted(claimed.advancedSearch)}, its recorded request sent ${quoted(body.advancedSearch)}`,
    )
  }
  if (claimed.fetchedAt !== evidence.startedAt) {
    found.push(
      `says it was checked at ${claimed.fetchedAt}, its evidence that the request left at ${evidence.startedAt}`,
    )
  }
  return found
}
