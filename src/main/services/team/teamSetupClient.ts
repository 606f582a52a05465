import { teamServerUrlSchema } from '../../../shared/team/teamServerAddress'

/** A failure of team setup, as a sentence saying what happened and what to do. */
export class TeamSetupError extends Error {
  override readonly name = 'TeamSetupError'
}

/** The server's address as team setup uses it: HTTPS, or plain HTTP only on loopback. */
export function teamServerBaseUrl(text: string): string {
  const parsed = teamServerUrlSchema.safeParse(text)
  if (parsed.success) return parsed.data
  const problem = parsed.error.issues[0]?.message ?? 'is not a server address'
  throw new TeamSetupError(`The server address "${text}" ${problem}.`)
}

const requestTimeoutMs = 30_000

/** Why a request never got an answer, in words a person can act on. */
function unreachable(baseUrl: string, error: unknown): TeamSetupError {
  // fetch reports the network's reason as its error's cause.
  const cause = error instanceof Error ? error.cause : undefined
  const code =
    cause instanceof Error && typeof (cause as { code?: unknown }).code === 'string'
      ? (cause as Error & { code: string }).code
      : undefined
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new TeamSetupError(
      `${baseUrl} did not answer within ${requestTimeoutMs / 1000} s: check that CouchDB is running and that nothing between here and it holds requests.`,
    )
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new TeamSetupError(
      `The name in ${baseUrl} could not be found (${code}): check the address for typos and that you are online.`,
    )
  }
  if (code === 'ECONNREFUSED') {
    return new TeamSetupError(
      `Nothing answers at ${baseUrl} (connection refused): check the address and port, and that CouchDB is running.`,
    )
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return new TeamSetupError(
      `The server at ${baseUrl} presented a certificate this computer does not trust (${code}): give it a certificate from a trusted authority, or set NODE_EXTRA_CA_CERTS to your organisation's certificate authority.`,
    )
  }
  return new TeamSetupError(
    `${baseUrl} could not be reached (${code ?? (cause instanceof Error ? cause.message : String(error))}): check the address and that CouchDB is running.`,
  )
}

export type CouchAnswer = { status: number; body: unknown }

export type CouchRequest = (
  method: 'GET' | 'PUT',
  path: string,
  body?: unknown,
  credentials?: { name: string; password: string },
) => Promise<CouchAnswer>

/**
 * Requests to one CouchDB with the admin's credentials (or others given), answering with the
 * status and parsed body whatever the status; only a request that got no answer at all throws.
 */
export function couchRequester(
  baseUrl: string,
  admin: { name: string; password: string },
): CouchRequest {
  return async (method, path, body, credentials = admin) => {
    const authorization = `Basic ${Buffer.from(`${credentials.name}:${credentials.password}`, 'utf8').toString('base64')}`
    let response: Response
    try {
      response = await fetch(`${baseUrl}/${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
    } catch (error) {
      throw unreachable(baseUrl, error)
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON: kept as text, for the caller to say the server is not CouchDB.
    }
    return { status: response.status, body: parsed }
  }
}

/** CouchDB's `{ error, reason }`, as a short clause for a sentence. */
export function couchReason(answer: CouchAnswer): string {
  const { body } = answer
  if (body && typeof body === 'object') {
    const { error, reason } = body as { error?: unknown; reason?: unknown }
    if (typeof error === 'string') {
      return `${answer.status} ${error}${typeof reason === 'string' ? `: ${reason}` : ''}`
    }
  }
  return `status ${answer.status}`
}
