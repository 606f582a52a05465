import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const help = `Usage: npm run team-server -- [--port N]

Starts a TEST STAND-IN for a team server: pouchdb-server (npm), in memory, listening on
127.0.0.1 only, on port N or a free one. It creates a server admin with a random name and
password and prints one JSON line once the server answers:
  {"url":"http://127.0.0.1:N/","admin":{"name":"…","password":"…"}}
It stops on Ctrl-C (SIGINT) or SIGTERM and keeps nothing. Configure it with
  npm run team-setup -- --url URL --admin NAME

It is not a production server: a team runs Apache CouchDB 3.x (see "Sharing cases in a team"
in the README).`

const loopback = '127.0.0.1'
const pouchdbServerBin = createRequire(import.meta.url).resolve('pouchdb-server/bin/pouchdb-server')

/** The operating system's choice of a free loopback port; pouchdb-server reads port 0 as "unset". */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, loopback, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('The system gave no port.')),
      )
    })
  })
}

type Started = { child: ChildProcess; url: string } | { inUse: true }

/**
 * pouchdb-server writes config.json and log.txt where it is told, the current folder otherwise:
 * both go in `dir`. The admin is in the config from the start, so the server never runs as the
 * "admin party" in which anyone is an admin.
 */
async function startPouchdbServer(
  dir: string,
  port: number,
  admin: { name: string; password: string },
): Promise<Started> {
  const configPath = join(dir, 'config.json')
  const config = {
    admins: { [admin.name]: admin.password },
    log: { file: join(dir, 'log.txt'), level: 'info' },
    couchdb: { database_dir: `${dir}/` },
    httpd: { port, bind_address: loopback },
    pouchdb_server: { in_memory: true },
  }
  await writeFile(configPath, JSON.stringify(config), { mode: 0o600 })
  const child = spawn(process.execPath, [pouchdbServerBin, '--config', configPath, '--no-color'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    const onExit = (code: number | null): void =>
      reject(new Error(`pouchdb-server stopped before it answered (exit ${code}): ${stderr}`))
    child.once('exit', onExit)
    // It says so on stdout once it listens, and on stderr when the port is taken (without exiting).
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      const started = /pouchdb-server has started on (http:\/\/\S+\/)/.exec(stdout)
      if (started?.[1]) {
        child.off('exit', onExit)
        child.stdout.removeAllListeners('data')
        child.stdout.resume()
        resolve({ child, url: started[1] })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      if (stderr.includes('already in use')) {
        child.off('exit', onExit)
        child.once('exit', () => resolve({ inUse: true }))
        child.kill('SIGTERM')
      }
    })
  })
}

async function adminIsRecognised(
  url: string,
  admin: { name: string; password: string },
): Promise<boolean> {
  const authorization = `Basic ${Buffer.from(`${admin.name}:${admin.password}`).toString('base64')}`
  const response = await fetch(new URL('_session', url), { headers: { authorization } })
  if (!response.ok) return false
  const session = (await response.json()) as { userCtx?: { roles?: unknown } }
  const roles = session.userCtx?.roles
  return Array.isArray(roles) && roles.includes('_admin')
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const requestedPort = values.port === undefined ? undefined : Number(values.port)
  if (requestedPort !== undefined && !(Number.isInteger(requestedPort) && requestedPort > 0)) {
    console.error(`--port must be a port number (1–65535), not "${values.port}".`)
    return 2
  }
  const dir = await mkdtemp(join(tmpdir(), 'team-server-'))
  const admin = {
    name: `admin-${randomBytes(4).toString('hex')}`,
    password: randomBytes(18).toString('base64url'),
  }
  try {
    let started: Started = { inUse: true }
    // A free port can be taken between the probe and the server's bind: try another one.
    for (let attempt = 0; attempt < 5 && 'inUse' in started; attempt += 1) {
      started = await startPouchdbServer(dir, requestedPort ?? (await freePort()), admin)
      if ('inUse' in started && requestedPort !== undefined) break
    }
    if ('inUse' in started) {
      console.error(
        requestedPort === undefined
          ? 'No free port could be bound on 127.0.0.1.'
          : `Port ${requestedPort} on 127.0.0.1 is in use: choose another with --port, or omit it.`,
      )
      return 1
    }
    const { child, url } = started
    const stopped = new Promise<number>((resolve) => {
      child.once('exit', (code, signal) => {
        if (!signal) console.error(`pouchdb-server stopped on its own (exit ${code}).`)
        resolve(signal ? 0 : 1)
      })
    })
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => child.kill('SIGTERM'))
    }
    process.once('exit', () => child.kill('SIGKILL'))
    if (!(await adminIsRecognised(url, admin))) {
      console.error('pouchdb-server started but does not recognise the admin it was given.')
      child.kill('SIGTERM')
      await stopped
      return 1
    }
    console.log(JSON.stringify({ url, admin }))
    return await stopped
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

process.exitCode = await main()
