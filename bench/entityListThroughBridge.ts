import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { bridgeSecretHeader } from '../src/shared/bridge'
import type { SandboxEnvironmentInfo } from '../src/sandbox/sandboxServer'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'
import { compare, median, type BenchRow } from './benchStats'

const firstLineMatching = (child: ChildProcess, pattern: RegExp): Promise<string> =>
  new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (pattern.test(line)) resolve(line)
    })
    child.once('exit', (code) => reject(new Error(`process exited early with code ${code}`)))
  })

/**
 * Listing 100 entities as the renderer does in browser mode (HTTP to the host, which validates,
 * calls the sandbox through the API client and validates again) against a raw fetch of the same
 * sandbox endpoint, in the same run. Sandbox and host each run in their own process, as
 * `npm run sandbox` and `npm start` do, so both paths cross process boundaries alike.
 */
export async function entityListThroughBridge(): Promise<BenchRow> {
  const sandbox = spawn('npx', ['tsx', 'src/sandbox/sandboxCli.ts'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const host: { process?: ChildProcess } = {}
  try {
    const { environments } = JSON.parse(await firstLineMatching(sandbox, /^\{"environments"/)) as {
      environments: SandboxEnvironmentInfo[]
    }
    const local = environments.find((environment) => environment.name === 'sandbox')!
    host.process = spawn(process.execPath, ['out/main/browserHost.js'], {
      env: {
        ...process.env,
        PORT: '0',
        COMPLIANCE_DESK_DATA_DIR: testDataDir(),
        COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
        COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
        COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const url = new URL(
      /(http:\/\/\S+)/.exec(await firstLineMatching(host.process, /is running at/))![1]!,
    )
    const secret = url.hash.replace('#secret=', '')
    const viaBridge = async () => {
      const response = await fetch(`${url.origin}/bridge/entities.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [bridgeSecretHeader]: secret },
        body: JSON.stringify({ page: 1, limit: 100 }),
      })
      const reply = (await response.json()) as { ok: boolean; data: { items: unknown[] } }
      if (!reply.ok || reply.data.items.length !== 100) throw new Error('bridge listing failed')
    }
    const rawFetch = async () => {
      const response = await fetch(new URL('v2/api/entities?page=1&limit=100', local.baseUrl), {
        headers: { token: local.secretKey },
      })
      const body = (await response.json()) as { data: { list: unknown[] } }
      if (body.data.list.length !== 100) throw new Error('raw listing failed')
    }
    const samples = await compare(viaBridge, rawFetch, { warmup: 100, samples: 500 })
    const measured = median(samples.measured)
    const baseline = median(samples.baseline)
    return {
      name: 'list 100 entities: bridge + browser host',
      unit: 'ms',
      median: measured,
      baselineName: 'raw fetch of the sandbox',
      baselineMedian: baseline,
      ratio: measured / baseline,
      target: 'ratio ≤ 1.25',
      samples: samples.measured.length,
    }
  } finally {
    host.process?.kill('SIGTERM')
    sandbox.kill('SIGTERM')
  }
}
