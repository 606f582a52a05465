import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { z } from 'zod'
import { setUpTeam, type TeamSetupReport } from '../main/services/team/teamSetup'
import { keyFingerprint } from '../shared/identity/investigator'
import {
  signTeamEntry,
  teamEntryDocument,
  teamGenesisHash,
  type TeamEntryDocument,
  type TeamScope,
} from '../shared/team/teamEntry'

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url))

const announcementSchema = z.strictObject({
  url: z.url(),
  admin: z.strictObject({ name: z.string().min(1), password: z.string().min(1) }),
})

export type TeamServer = z.infer<typeof announcementSchema> & {
  /** Stops the server and waits until it has gone, its temporary folder with it. */
  stop(): Promise<void>
}

/** Servers not yet stopped: a test run that ends without stopping one still takes it down. */
const running = new Set<ChildProcess>()
process.once('exit', () => running.forEach((child) => child.kill('SIGTERM')))

/**
 * Starts what `npm run team-server` starts (pouchdb-server in memory on a free loopback port) and
 * resolves once it has announced its address and admin, which it does only after it answers.
 */
export async function startTeamServer(): Promise<TeamServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/teamServer.ts'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child)
      resolve()
    }),
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const announcement = await new Promise<z.infer<typeof announcementSchema>>((resolve, reject) => {
    let stdout = ''
    const onExit = (code: number | null): void =>
      reject(new Error(`npm run team-server stopped before it answered (exit ${code}): ${stderr}`))
    child.once('exit', onExit)
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      const end = stdout.indexOf('\n')
      if (end === -1) return
      child.off('exit', onExit)
      child.stdout.removeAllListeners('data')
      child.stdout.resume()
      try {
        resolve(announcementSchema.parse(JSON.parse(stdout.slice(0, end))))
      } catch (error) {
        child.kill('SIGTERM')
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
  return {
    ...announcement,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** Configures a team on the server as `npm run team-setup` does, with its server admin. */
export async function setUpTeamForTest(
  server: Pick<TeamServer, 'url' | 'admin'>,
  team: {
    database: string
    admins?: readonly string[]
    members: readonly { name: string; password: string }[]
    removed?: readonly string[]
  },
): Promise<TeamSetupReport> {
  return setUpTeam({
    url: server.url,
    admin: server.admin,
    database: team.database,
    teamAdmins: team.admins ?? [],
    members: team.members,
    removedMembers: team.removed ?? [],
  })
}

/**
 * A well-formed entry a member could write: signed with a fresh Ed25519 key, its id the one its
 * content names. Tests change it afterwards to make what the server must refuse.
 */
export function signedEntryForTest(
  member: string,
  { scope = 'case_1', deviceSeq = 1 }: { scope?: TeamScope; deviceSeq?: number } = {},
): TeamEntryDocument {
  const secretKey = ed25519.utils.randomSecretKey()
  const publicKey = bytesToHex(ed25519.getPublicKey(secretKey))
  const entry = signTeamEntry(
    {
      scope,
      device: bytesToHex(ed25519.utils.randomSecretKey().slice(0, 16)),
      deviceSeq,
      prevHash: teamGenesisHash,
      member,
      author: {
        name: `Investigator ${member}`,
        email: `${member}@example.org`,
        organisation: 'Example Compliance',
        fingerprint: keyFingerprint(publicKey),
      },
      publicKey,
      at: '2025-01-02T10:42:00.000Z',
      clock: 1,
      seen: {},
      action: 'case.note',
      summary: 'Added a note',
      before: null,
      after: { note: 'Spoke to the client.' },
    },
    (message) => bytesToHex(ed25519.sign(message, secretKey)),
  )
  return teamEntryDocument(entry)
}

/** One request to the team server as a user (or anonymously), answered with status and body. */
export async function requestAs(
  server: Pick<TeamServer, 'url'>,
  user: { name: string; password: string } | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (user) {
    headers.authorization = `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}`
  }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(new URL(path, server.url), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
