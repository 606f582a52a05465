import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { apiPaths } from '../shared/api/apiPaths'
import type { SandboxEnvironmentInfo } from './sandboxServer'

/** `npm run sandbox -- …` as a process: its stdout lines, one at a time. */
const runCli = (args: string[]) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/sandboxCli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const waiters: Array<() => void> = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line)
    waiters.splice(0).forEach((wake) => wake())
  })
  const line = async (index: number): Promise<string> => {
    while (lines.length <= index) await new Promise<void>((resolve) => waiters.push(resolve))
    return lines[index]!
  }
  return { child, line }
}

describe('npm run sandbox', () => {
  it('prints the environments as one JSON line, then one line per request without any key', async () => {
    const wallets = join(tmpdir(), `wallets-${process.pid}.json`)
    writeFileSync(
      wallets,
      JSON.stringify([
        {
          publicKey: 'TCliTestAddress',
          currency: 'TRX',
          datasets: ['cli_list'],
          topics: ['sanction'],
        },
      ]),
    )
    const { child, line } = runCli(['--data', wallets, '--balance', '1', '--rate-limit', '100'])
    try {
      const { environments } = JSON.parse(await line(0)) as {
        environments: SandboxEnvironmentInfo[]
      }
      expect(environments.map((environment) => environment.name)).toEqual(['sandbox', 'production'])
      const production = environments[1]!
      const search = () =>
        fetch(new URL(apiPaths.cryptoSearch, production.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: production.secretKey },
          body: JSON.stringify({ query: 'TCliTestAddress', isSubjectConsent: true, type: 'all' }),
        })
      const first = (await (await search()).json()) as { data: { totalEntity: number } }
      expect(first.data.totalEntity).toBe(1)
      expect((await search()).status).toBe(402)
      expect(await line(1)).toMatch(
        /^production POST \/v2\/api\/verifications\/advanced\/crypto\/aml-checks 200 [\d.]+ms$/,
      )
      expect(await line(2)).toMatch(/ 402 /)
      for (const index of [1, 2]) {
        for (const environment of environments) {
          expect(await line(index)).not.toContain(environment.secretKey)
        }
      }
    } finally {
      child.kill('SIGTERM')
    }
  })

  it('serves the lists as of the day given by --as-of', async () => {
    const { child, line } = runCli(['--as-of', '2024-01-31'])
    try {
      const { environments } = JSON.parse(await line(0)) as {
        environments: SandboxEnvironmentInfo[]
      }
      const sandbox = environments[0]!
      const reply = await fetch(new URL(apiPaths.cryptoSearch, sandbox.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: sandbox.secretKey },
        // A Tornado Cash wallet: on the SDN list from 2022-11-08 to 2025-03-21.
        body: JSON.stringify({
          query: '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1',
          isSubjectConsent: true,
          type: 'all',
        }),
      })
      expect(((await reply.json()) as { data: { totalEntity: number } }).data.totalEntity).toBe(1)
    } finally {
      child.kill('SIGTERM')
    }
  })

  it('refuses a bad flag value with the usage line', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/sandboxCli.ts', '--rate-limit', 'fast'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain('--rate-limit must be a whole number')
    expect(stderr).toContain('Usage: npm run sandbox')
  })

  it('refuses a day that is not a real one', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/sandboxCli.ts', '--as-of', '2025-02-30'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain('--as-of must be a day written YYYY-MM-DD, not "2025-02-30"')
  })
})
