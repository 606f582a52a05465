import { parseArgs } from 'node:util'
import { startSandbox } from './sandboxServer'

const usage = 'Usage: npm run sandbox -- [--port N] [--production-port N]'

const portOption = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${flag} must be a port number between 0 and 65535, not "${value}".\n${usage}`)
  }
  return port
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'production-port': { type: 'string' },
    },
  })
  const sandbox = await startSandbox({
    port: portOption(values.port, '--port'),
    productionPort: portOption(values['production-port'], '--production-port'),
    onRequest: ({ environment, method, path, status, ms }) => {
      console.log(`${environment} ${method} ${path} ${status} ${ms}ms`)
    },
  })
  // The first stdout line is machine-readable: tests and scripts read the addresses and keys from it.
  console.log(JSON.stringify({ environments: sandbox.environments }))
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
})
