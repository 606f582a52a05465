import { homedir } from 'node:os'
import { createInterface } from 'node:readline'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { localSandboxFromEnv, startMainSide } from '../app/startMainSide'
import { mainLog } from '../app/mainLog'
import { storageCodeOf } from '../services/dataFolder/storageFailure'
import { startBrowserHost } from './browserHost'
import { choosePort, readRememberedPort, rememberPort } from './hostAddressFile'
import { acquireInstanceLock, recordInstanceOrigin, releaseInstanceLock } from './instanceLock'

const defaultDataDir = (): string =>
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'compliance-desk')

const parsePort = (value: string | undefined): number => {
  if (value === undefined || value === '') return 0
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number between 0 and 65535, not "${value}".`)
  }
  return port
}

const listenFailure = (error: unknown, port: number): unknown =>
  (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
    ? new Error(
        `port ${port}, where this data folder's pages live, is in use by another program. Close that program and start again (moving to another port would leave your checks, cases and entities behind).`,
      )
    : error

/**
 * Remembers the port of a first start, and tells a second start where the pages are. Storage
 * refusing either is said in one line: this start serves its pages all the same.
 */
async function noteOrigin(dataDir: string, remembered: number | null, origin: string) {
  const noted = (what: string) => (error: unknown) =>
    mainLog.warn(`${what} could not be written (${storageCodeOf(error) ?? 'unknown error'})`)
  if (remembered === null) {
    await rememberPort(dataDir, Number(new URL(origin).port)).catch(
      noted('the port of this data folder'),
    )
  }
  await recordInstanceOrigin(dataDir, { pid: process.pid, origin }).catch(
    noted('the address in the instance lock'),
  )
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url))
  const dataDir = process.env.COMPLIANCE_DESK_DATA_DIR ?? defaultDataDir()
  const lock = await acquireInstanceLock(dataDir, { pid: process.pid, origin: null })
  if (lock.kind === 'running') {
    const { origin, pid } = lock.holder
    throw new Error(
      `it is already running for this data folder${origin ? ` at ${origin}/` : ''} (process ${pid}). Open the address it printed, press Enter in its terminal for a new one, or stop it first.`,
    )
  }
  const remembered = await readRememberedPort(dataDir)
  const port = choosePort(remembered, parsePort(process.env.PORT))
  const mainSide = await startMainSide({
    dataDir,
    keychainService: process.env.COMPLIANCE_DESK_KEYCHAIN_SERVICE,
    localSandbox: localSandboxFromEnv(process.env),
    ...(lock.kind === 'unwritable' ? { unwritable: lock.error } : {}),
  })
  const host = await startBrowserHost({
    handlers: mainSide.handlers,
    rendererDir: resolve(here, '../renderer'),
    port,
    downloads: mainSide.downloads,
    logFailure: (context, error) => mainLog.failure(context, error),
  }).catch(async (error: unknown) => {
    await mainSide.close()
    throw listenFailure(error, port)
  })
  // Without the lock (the folder cannot be written) there is nothing to note, nor a way to.
  if (lock.kind === 'taken') await noteOrigin(dataDir, remembered, host.origin)
  console.log(`Compliance Desk is running at ${host.url}`)
  console.log('The address opens it once. For another browser, press Enter here for a new one.')
  // Only whoever holds this terminal can ask for another address.
  createInterface({ input: process.stdin }).on('line', () =>
    console.log(`Compliance Desk is running at ${host.newLaunchAddress()}`),
  )
  const stop = (): void => {
    void Promise.all([host.close(), mainSide.close()])
      .catch((error: unknown) => mainLog.failure('stopping', error))
      .then(() => releaseInstanceLock(dataDir, process.pid))
      .then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch(async (error: unknown) => {
  console.error(
    `Compliance Desk could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
  // Frees the lock only if this process took it: a running instance's lock is left alone.
  await releaseInstanceLock(process.env.COMPLIANCE_DESK_DATA_DIR ?? defaultDataDir(), process.pid)
  process.exit(1)
})
