import type { Evidence, EvidenceEnding } from '../bridge/evidenceSchema'

const withoutAnswer: Record<Exclude<EvidenceEnding, 'answered'>, string> = {
  timeout: 'no answer came before the time allowed ran out',
  reset: 'the connection broke after the request was sent',
  unreachable: 'the service could not be reached',
  cancelled: 'it was cancelled on its way',
}

/**
 * How a request's last attempt ended, in words: "the service answered HTTP 200 with 1,234 bytes",
 * or, without an answer, what happened instead (and what little arrived): an attempt that got no
 * answer keeps status 0, which is no HTTP status to show.
 */
export function howItEnded(evidence: Evidence): string {
  const { ended = 'answered', response } = evidence
  const bytes = `${response.bytes.toLocaleString()} byte${response.bytes === 1 ? '' : 's'}`
  if (ended === 'answered') return `the service answered HTTP ${response.status} with ${bytes}`
  const partial =
    response.status > 0 ? ` (HTTP ${response.status} and ${bytes} of an answer had arrived)` : ''
  return `${withoutAnswer[ended]}${partial}`
}
