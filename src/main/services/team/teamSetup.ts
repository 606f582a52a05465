import { randomBytes } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import {
  teamConfigDocument,
  teamConfigId,
  teamConfigSchema,
  teamDatabaseNameSchema,
} from '../../../shared/team/teamConfig'
import { memberNameSchema } from '../../../shared/team/teamEntry'
import { teamDesignDocument, teamDesignDocumentId } from '../../../shared/team/teamValidation'
import {
  type CouchAnswer,
  type CouchRequest,
  couchReason,
  couchRequester,
  TeamSetupError,
  teamServerBaseUrl,
} from './teamSetupClient'

/** The role that makes a user a member of the team database (its `_security` names it). */
export const teamMemberRole = 'team-member'

export type TeamSetupRequest = {
  url: string
  admin: { name: string; password: string }
  database: string
  /** Members who may sign roster changes; added to those already named, never removed. */
  teamAdmins: readonly string[]
  /** A member without a password gets a generated one when their user is created. */
  members: readonly { name: string; password?: string }[]
  /**
   * Members removed from the team: their user loses the team's role, so the server refuses their
   * reads and writes (the roster entry a team admin signs in the app stops them on every desk).
   */
  removedMembers?: readonly string[]
}

export type SetupOutcome = 'created' | 'updated' | 'unchanged'

export type TeamSetupReport = {
  /** What answered, such as "CouchDB 3.4.2". */
  server: string
  steps: { what: string; outcome: SetupOutcome }[]
  /** Passwords made for members created without one: shown once, kept nowhere. */
  generatedPasswords: { name: string; password: string }[]
}

type Step = TeamSetupReport['steps'][number]

function failed(doing: string, answer: CouchAnswer): TeamSetupError {
  if (answer.status === 401 || answer.status === 403) {
    return new TeamSetupError(
      `The server refused to let the admin ${doing} (${couchReason(answer)}): check that --admin names a server admin.`,
    )
  }
  return new TeamSetupError(
    `The server could not ${doing} (${couchReason(answer)}): see CouchDB's log for why, then run team setup again.`,
  )
}

async function identifyServer(request: CouchRequest, baseUrl: string): Promise<string> {
  const answer = await request('GET', '')
  if (answer.status === 401) {
    throw new TeamSetupError(
      `The server refused the admin's name or password: check --admin and the password (TEAM_ADMIN_PASSWORD).`,
    )
  }
  const body = (answer.body ?? {}) as Record<string, unknown>
  if (answer.status === 200 && body.couchdb === 'Welcome' && typeof body.version === 'string') {
    const major = Number(body.version.split('.')[0])
    if (major < 3) {
      throw new TeamSetupError(
        `${baseUrl} runs CouchDB ${body.version}: teams need CouchDB 3.x; upgrade it first.`,
      )
    }
    return `CouchDB ${body.version}`
  }
  if (answer.status === 200 && typeof body['express-pouchdb'] === 'string') {
    return `pouchdb-server ${String(body.version)} (a test stand-in, not for production)`
  }
  throw new TeamSetupError(
    `${baseUrl} answered, but not as CouchDB does (${couchReason(answer)}): check the address; it must be CouchDB's own, the one that answers {"couchdb":"Welcome"}.`,
  )
}

async function checkServerAdmin(request: CouchRequest, name: string): Promise<void> {
  const answer = await request('GET', '_session')
  const roles = (answer.body as { userCtx?: { roles?: unknown } }).userCtx?.roles
  if (answer.status === 401) {
    throw new TeamSetupError(
      `The server refused the admin "${name}" with this password: check --admin and the password (TEAM_ADMIN_PASSWORD).`,
    )
  }
  if (answer.status !== 200 || !Array.isArray(roles) || !roles.includes('_admin')) {
    throw new TeamSetupError(
      `"${name}" signed in but is not a server admin (${couchReason(answer)}): team setup needs one of the admins in CouchDB's [admins] configuration.`,
    )
  }
}

async function ensureDatabase(request: CouchRequest, name: string, what: string): Promise<Step> {
  const found = await request('GET', encodeURIComponent(name))
  if (found.status === 200) return { what, outcome: 'unchanged' }
  if (found.status !== 404) throw failed(`open ${what}`, found)
  const made = await request('PUT', encodeURIComponent(name))
  if (made.status !== 201 && made.status !== 202) throw failed(`create ${what}`, made)
  return { what, outcome: 'created' }
}

type SecuritySection = { names: string[]; roles: string[] }

const withAll = (values: unknown, wanted: readonly string[]): string[] => {
  const present = Array.isArray(values)
    ? values.filter((v): v is string => typeof v === 'string')
    : []
  return [...present, ...wanted.filter((value) => !present.includes(value))]
}

/** Adds the server admin and the member role to whatever the database's security already says. */
async function ensureSecurity(
  request: CouchRequest,
  database: string,
  admin: string,
): Promise<Step> {
  const path = `${encodeURIComponent(database)}/_security`
  const what = `security of "${database}" (members: role ${teamMemberRole}; admins: ${admin})`
  const found = await request('GET', path)
  if (found.status !== 200) throw failed(`read the security of "${database}"`, found)
  const current = (found.body ?? {}) as {
    admins?: Partial<SecuritySection>
    members?: Partial<SecuritySection>
  }
  const section = (
    given: Partial<SecuritySection> | undefined,
    names: string[],
    roles: string[],
  ) => ({
    ...given,
    names: withAll(given?.names, names),
    roles: withAll(given?.roles, roles),
  })
  const wanted = {
    ...current,
    admins: section(current.admins, [admin], []),
    members: section(current.members, [], [teamMemberRole]),
  }
  if (isDeepStrictEqual(wanted, current)) return { what, outcome: 'unchanged' }
  const stored = await request('PUT', path, wanted)
  if (stored.status !== 200) throw failed(`set the security of "${database}"`, stored)
  // A new database is open to all on pouchdb-server and admin-only on CouchDB 3: neither is set yet.
  const members = current.members
  const unset = !members?.names?.length && (members?.roles ?? []).every((role) => role === '_admin')
  return { what, outcome: unset ? 'created' : 'updated' }
}

/**
 * Creates the document, or replaces it when `wanted` says what is stored is not what is wanted
 * (it answers null when what is stored will do).
 */
async function ensureDocument(
  request: CouchRequest,
  path: string,
  what: string,
  wanted: (stored: Record<string, unknown> | undefined) => Promise<object | null>,
): Promise<Step> {
  const found = await request('GET', path)
  if (found.status !== 200 && found.status !== 404) throw failed(`read ${what}`, found)
  const stored = found.status === 200 ? (found.body as Record<string, unknown>) : undefined
  const next = await wanted(stored)
  if (!next) return { what, outcome: 'unchanged' }
  const written = await request('PUT', path, stored ? { ...next, _rev: stored._rev } : next)
  if (written.status !== 201 && written.status !== 202) throw failed(`write ${what}`, written)
  return { what, outcome: stored ? 'updated' : 'created' }
}

const generatePassword = (): string => randomBytes(18).toString('base64url')

/** A password cannot be read back: whether a user already has it is asked by signing in. */
async function signsIn(request: CouchRequest, name: string, password: string): Promise<boolean> {
  const session = await request('GET', '_session', undefined, { name, password })
  return (session.body as { userCtx?: { name?: unknown } }).userCtx?.name === name
}

async function ensureMember(
  request: CouchRequest,
  member: { name: string; password?: string },
  generated: TeamSetupReport['generatedPasswords'],
): Promise<Step> {
  const id = `org.couchdb.user:${member.name}`
  const given = member.password
  return ensureDocument(
    request,
    `_users/${encodeURIComponent(id)}`,
    `member "${member.name}"`,
    async (stored) => {
      if (!stored) {
        const password = given ?? generatePassword()
        if (given === undefined) generated.push({ name: member.name, password })
        return { _id: id, name: member.name, type: 'user', roles: [teamMemberRole], password }
      }
      const roles = withAll(stored.roles, [teamMemberRole])
      const rolesHold = roles.length === (Array.isArray(stored.roles) ? stored.roles.length : -1)
      const passwordHolds = given === undefined || (await signsIn(request, member.name, given))
      if (rolesHold && passwordHolds) return null
      return { ...stored, roles, ...(passwordHolds ? {} : { password: given }) }
    },
  )
}

async function ensureRemoved(request: CouchRequest, name: string): Promise<Step> {
  const id = `org.couchdb.user:${name}`
  return ensureDocument(
    request,
    `_users/${encodeURIComponent(id)}`,
    `removal of member "${name}" (no role ${teamMemberRole})`,
    async (stored) => {
      const roles = Array.isArray(stored?.roles) ? (stored.roles as unknown[]) : []
      return stored && roles.includes(teamMemberRole)
        ? { ...stored, roles: roles.filter((role) => role !== teamMemberRole) }
        : null
    },
  )
}

function checked<T>(schema: z.ZodType<T>, value: string, what: string): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const problem = parsed.error.issues[0]?.message ?? 'is not valid'
  throw new TeamSetupError(`${what} "${value}" ${problem}.`)
}

/**
 * Configures a CouchDB for a team, or finds it configured: the users database, the team's
 * database, its security, its validation function, its team:config and its members. Running it
 * again with the same request changes nothing and says everything was already in place.
 */
export async function setUpTeam(setup: TeamSetupRequest): Promise<TeamSetupReport> {
  const baseUrl = teamServerBaseUrl(setup.url)
  const database = checked(teamDatabaseNameSchema, setup.database, 'The database name')
  const teamAdmins = setup.teamAdmins.map((name) =>
    checked(memberNameSchema, name, 'The team admin'),
  )
  const members = setup.members.map((member) => {
    if (member.password === '') {
      throw new TeamSetupError(
        `The password given for member "${member.name}" is empty: give one after the colon, or none to have one generated.`,
      )
    }
    return { ...member, name: checked(memberNameSchema, member.name, 'The member name') }
  })
  const removed = (setup.removedMembers ?? []).map((name) =>
    checked(memberNameSchema, name, 'The member to remove'),
  )
  const both = members.find((member) => removed.includes(member.name))
  if (both) {
    throw new TeamSetupError(
      `"${both.name}" is both added (--member) and removed (--remove-member): give one of them.`,
    )
  }
  const request = couchRequester(baseUrl, setup.admin)
  const server = await identifyServer(request, baseUrl)
  await checkServerAdmin(request, setup.admin.name)

  const steps: Step[] = []
  const generatedPasswords: TeamSetupReport['generatedPasswords'] = []
  steps.push(await ensureDatabase(request, '_users', 'users database "_users"'))
  steps.push(await ensureDatabase(request, database, `database "${database}"`))
  steps.push(await ensureSecurity(request, database, setup.admin.name))
  const db = encodeURIComponent(database)
  steps.push(
    await ensureDocument(
      request,
      `${db}/${teamDesignDocumentId}`,
      `validation function ${teamDesignDocumentId}`,
      async (stored) =>
        stored?.validate_doc_update === teamDesignDocument.validate_doc_update &&
        stored.language === teamDesignDocument.language
          ? null
          : { ...stored, ...teamDesignDocument },
    ),
  )
  steps.push(
    await ensureDocument(
      request,
      `${db}/${encodeURIComponent(teamConfigId)}`,
      teamConfigId,
      async (stored) => {
        const parsed = teamConfigSchema.safeParse(stored)
        const admins = withAll(parsed.success ? parsed.data.admins : [], teamAdmins)
        const holds =
          parsed.success &&
          parsed.data.team === database &&
          admins.length === parsed.data.admins.length
        return holds ? null : teamConfigDocument(database, admins)
      },
    ),
  )
  for (const member of members) steps.push(await ensureMember(request, member, generatedPasswords))
  for (const name of removed) steps.push(await ensureRemoved(request, name))
  return { server, steps, generatedPasswords }
}
