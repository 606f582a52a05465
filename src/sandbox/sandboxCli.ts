import { parseArgs } from 'node:util'
import { isoDayOf } from './crypto/walletIndex'
import { loadWalletFile } from './crypto/walletRecords'
import { startSandbox } from './sandboxServer'

const usage =
  'Usage: npm run sandbox -- [--port N] [--production-port N] [--data FILE] [--rate-limit N] [--balance N] [--as-of YYYY-MM-DD]'

const integerOption = (
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined => {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(
      `${flag} must be a whole number from ${min} to ${max}, not "${value}".\n${usage}`,
    )
  }
  return number
}

/** `--as-of`: a real calendar day, written YYYY-MM-DD. */
const dayOption = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  const day = new Date(`${value}T00:00:00.000Z`)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(day.getTime()) ||
    isoDayOf(day) !== value
  ) {
    throw new Error(`--as-of must be a day written YYYY-MM-DD, not "${value}".\n${usage}`)
  }
  return value
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'production-port': { type: 'string' },
      data: { type: 'string' },
      'rate-limit': { type: 'string' },
      balance: { type: 'string' },
      'as-of': { type: 'string' },
    },
  })
  const sandbox = await startSandbox({
    port: integerOption(values.port, '--port', 0, 65535),
    productionPort: integerOption(values['production-port'], '--production-port', 0, 65535),
    wallets: values.data === undefined ? undefined : await loadWalletFile(values.data),
    rateLimitPerSecond: integerOption(values['rate-limit'], '--rate-limit', 1, 1_000_000),
    productionBalance: integerOption(values.balance, '--balance', 0, 1_000_000_000),
    asOf: dayOption(values['as-of']),
    onRequest: ({ environment, method, path, status, ms }) => {
      console.log(`${environment} ${method} ${path} ${status === 0 ? 'reset' : status} ${ms}ms`)
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
