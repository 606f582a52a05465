import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { dispatchBridgeCall } from '../src/main/bridge/dispatchBridgeCall'
import { startMainSide } from '../src/main/app/startMainSide'
import { sessionKeyStore } from '../src/main/services/keys/secretKeyStore'
import type { SandboxEnvironmentInfo } from '../src/sandbox/sandboxServer'
import { randomEvmAddresses, screenInBulk } from '../src/test-support/bulkScreening'
import { apiPaths, rootedPath } from '../src/shared/api/apiPaths'
import { oneReading, type BenchRow } from './benchStats'

const limitPerSecond = 50
const addresses = 2000
/** What a bulk job keeps in flight. */
const concurrency = 16

export interface PacedRun {
  /** First call to last reply. */
  seconds: number
  /** Replies per second over the run. */
  rate: number
  /** Replies per second after the first five seconds, when the limiter has learnt the limit. */
  steadyRate: number
  requests: number
  limited: number
  failed: number
  /** Replies in each second of the run. */
  perSecond: number[]
}

interface SandboxProcess {
  local: SandboxEnvironmentInfo
  /** The status of every crypto search it answered, from its request log. */
  searchStatuses: string[]
  /** Resolves once the log shows this many searches answered 200 (stdout lags the answers). */
  answered(count: number): Promise<void>
  stop(): void
}

/** `npm run sandbox -- --rate-limit N`, in a process of its own as a remote service would be. */
async function sandboxProcess(limit: number): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/sandboxCli.ts', '--rate-limit', String(limit)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const searchStatuses: string[] = []
  let okCount = 0
  let waiting: { count: number; resolve: () => void } | undefined
  const searchLine = ` POST ${rootedPath(apiPaths.cryptoSearch)} `
  const local = await new Promise<SandboxEnvironmentInfo>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{"environments"')) {
        const { environments } = JSON.parse(line) as { environments: SandboxEnvironmentInfo[] }
        resolve(environments.find((environment) => environment.name === 'sandbox')!)
      } else if (line.startsWith('sandbox') && line.includes(searchLine)) {
        const status = line.split(searchLine)[1]?.split(' ')[0] ?? ''
        searchStatuses.push(status)
        if (status === '200') okCount += 1
        if (waiting && okCount >= waiting.count) waiting.resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`the sandbox exited early with code ${code}`)))
  })
  return {
    local,
    searchStatuses,
    answered: (count) =>
      okCount >= count
        ? Promise.resolve()
        : new Promise((resolve) => (waiting = { count, resolve })),
    stop: () => child.kill('SIGTERM'),
  }
}

/**
 * 2,000 unique addresses screened through the main side's handlers (the bridge's own dispatch:
 * validation, request registry, journal, API client and its rate limiter) as a bulk job would,
 * `concurrency` in flight, against the local sandbox limited to `limit` requests a second.
 */
export async function pacedRun(limit: number, count: number): Promise<PacedRun> {
  const sandbox = await sandboxProcess(limit)
  const { baseUrl, secretKey } = sandbox.local
  const mainSide = await startMainSide({
    dataDir: mkdtempSync(join(tmpdir(), 'cd-bench-pace-')),
    keyStore: sessionKeyStore('bench store'),
    localSandbox: { baseUrl, secretKey },
  })
  try {
    const started = performance.now()
    const replies = await screenInBulk(
      (method, input) => dispatchBridgeCall(mainSide.handlers, method, input),
      randomEvmAddresses(count),
      concurrency,
    )
    const failed = replies.filter(({ reply }) => !reply.ok).length
    const repliedAt = replies.map(({ at }) => at - started)
    const seconds = (performance.now() - started) / 1000
    await sandbox.answered(count - failed)
    const afterWarmUp = repliedAt.filter((at) => at >= 5000).length
    return {
      seconds,
      rate: count / seconds,
      steadyRate: afterWarmUp / (seconds - 5),
      requests: sandbox.searchStatuses.length,
      limited: sandbox.searchStatuses.filter((status) => status === '429').length,
      failed,
      perSecond: repliedAt.reduce<number[]>((counts, at) => {
        const second = Math.floor(at / 1000)
        counts[second] = (counts[second] ?? 0) + 1
        return counts
      }, []),
    }
  } finally {
    await mainSide.close()
    sandbox.stop()
  }
}

/** Issue 14's figure: the rate sustained as a share of the sandbox's limit, and the 429 share. */
export async function bulkAtTheServicePace(): Promise<BenchRow[]> {
  const run = await pacedRun(limitPerSecond, addresses)
  if (run.failed > 0) throw new Error(`${run.failed} of ${addresses} searches failed`)
  const what = `${addresses} unique addresses, ${concurrency} in flight, through the handlers`
  return [
    oneReading(
      {
        name: `${what}: rate over the whole run (${run.seconds.toFixed(1)} s)`,
        unit: 'req/s',
        baselineName: 'the sandbox’s limit',
        target: 'ratio ≥ 0.95',
      },
      run.rate,
      limitPerSecond,
    ),
    oneReading(
      {
        name: `${what}: rate after the first 5 s`,
        unit: 'req/s',
        baselineName: 'the sandbox’s limit',
        target: 'ratio ≥ 0.95',
      },
      run.steadyRate,
      limitPerSecond,
    ),
    oneReading(
      {
        name: `${what}: 429 answers (${run.limited} of ${run.requests} requests)`,
        unit: '%',
        baselineName: 'all requests sent',
        target: 'ratio < 0.02',
      },
      (100 * run.limited) / run.requests,
      100,
    ),
  ]
}
