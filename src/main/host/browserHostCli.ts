import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { localSandboxFromEnv, startMainSide } from '../app/startMainSide'
import { mainLog } from '../app/mainLog'
import { startBrowserHost } from './browserHost'

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

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url))
  const mainSide = await startMainSide({
    dataDir: process.env.COMPLIANCE_DESK_DATA_DIR ?? defaultDataDir(),
    keychainService: process.env.COMPLIANCE_DESK_KEYCHAIN_SERVICE,
    localSandbox: localSandboxFromEnv(process.env),
  })
  const host = await startBrowserHost({
    handlers: mainSide.handlers,
    rendererDir: resolve(here, '../renderer'),
    port: parsePort(process.env.PORT),
    downloads: mainSide.downloads,
    logFailure: (context, error) => mainLog.failure(context, error),
  })
  console.log(`Compliance Desk is running at ${host.url}`)
  const stop = (): void => {
    void Promise.all([host.close(), mainSide.close()]).then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(
    `Compliance Desk could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exit(1)
})
