import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { ServiceError } from '../serviceError'

export interface TeamCredentials {
  serverUrl: string
  database: string
  member: string
  password: string
}

const refusals = {
  401: bridgeErrorNames.unauthorized,
  403: bridgeErrorNames.forbidden,
  404: bridgeErrorNames.notFound,
  502: bridgeErrorNames.unexpectedResponse,
} as const

// Nothing of the team's is changed by asking, so nothing "may have reached" anything.
const refused = (message: string, status: keyof typeof refusals): ServiceError =>
  new ServiceError(refusals[status], message, { status, mayHaveReachedService: false })

export const basicAuthorization = ({ member, password }: TeamCredentials): string =>
  `Basic ${Buffer.from(`${member}:${password}`, 'utf8').toString('base64')}`

/**
 * Asks the server, before anything is kept, whether this name and password open this database:
 * every way it can fail is a sentence saying what happened and what to do.
 */
export async function checkTeamSignIn(
  credentials: TeamCredentials,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const { serverUrl, database, member } = credentials
  const ask = async (path: string): Promise<Response> => {
    try {
      return await fetchImpl(`${serverUrl}/${path}`, {
        headers: { authorization: basicAuthorization(credentials), accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      })
    } catch {
      throw new ServiceError(
        bridgeErrorNames.serviceUnreachable,
        `The team server at ${serverUrl} could not be reached: check the address and that you are online, then join again.`,
        { mayHaveReachedService: false },
      )
    }
  }
  const session = await ask('_session')
  if (session.status === 401) {
    throw refused(
      `The team server did not accept the name "${member}" with this password: check both with your team admin.`,
      401,
    )
  }
  const body = (await session.json().catch(() => null)) as {
    userCtx?: { name?: unknown }
  } | null
  if (!session.ok || body?.userCtx === undefined) {
    throw refused(
      `${serverUrl} did not answer as a CouchDB server does (${session.status}): check the address with your team admin.`,
      502,
    )
  }
  if (body.userCtx.name !== member) {
    throw refused(
      `The team server did not accept the name "${member}" with this password: check both with your team admin.`,
      401,
    )
  }
  const opened = await ask(encodeURIComponent(database))
  if (opened.status === 404) {
    throw refused(
      `The team server has no database "${database}": check its name with your team admin.`,
      404,
    )
  }
  if (opened.status === 401 || opened.status === 403) {
    throw refused(
      `"${member}" is not a member of the team database "${database}": ask your team admin to add you.`,
      403,
    )
  }
  if (!opened.ok) {
    throw refused(
      `The team server could not open "${database}" (${opened.status}): try again later or ask your team admin.`,
      502,
    )
  }
}
