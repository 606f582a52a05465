import { readFileSync } from 'node:fs'
import { startBrowserHostProcess } from '../e2e/support/browserHostProcess'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'
import { startSandbox } from '../src/sandbox/sandboxServer'
import { bridgeContract } from '../src/shared/bridge'
import { openHostSession, type HostSession } from '../src/test-support/hostSession'
import { oneReading, type BenchRow } from './benchStats'

/** A process's resident memory now and at its peak, in MB, as Linux counts it. */
const memoryOf = (pid: number): { now: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1])
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}

const parallel = 8

/** The largest body a method reads, as valid JSON: one string filling all its room. */
const maximalBody = (method: 'backup.addEntry' | 'evidence.addToExport'): string => {
  const room = bridgeContract[method].maxInputBytes - 200
  return method === 'backup.addEntry'
    ? JSON.stringify({
        backupId: crypto.randomUUID(),
        table: 'checks',
        deflated: 'A'.repeat(room - (room % 4)),
      })
    : JSON.stringify({
        exportId: crypto.randomUUID(),
        part: { kind: 'checks', items: ['a'.repeat(room)] },
      })
}

/** Sends `body` as a stream of chunks with no declared length, as a client that hides its size. */
const streamed = (body: string): ReadableStream<Uint8Array> => {
  const bytes = new TextEncoder().encode(body)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(at, at + 256 * 1024))
      at += 256 * 1024
    },
  })
}

const burst = async (
  session: HostSession,
  method: 'backup.addEntry' | 'evidence.addToExport',
  declared: boolean,
): Promise<number[]> => {
  const body = maximalBody(method)
  return Promise.all(
    Array.from({ length: parallel }, async () => {
      const response = await fetch(new URL(`/bridge/${method}`, session.origin), {
        method: 'POST',
        headers: { ...session.headers, 'content-type': 'application/json' },
        ...(declared ? { body } : { body: streamed(body), duplex: 'half' }),
      })
      await response.arrayBuffer()
      return response.status
    }),
  )
}

/**
 * The browser host under abuse: eight calls at once, each with the largest body its method reads
 * (backup chunks with their length declared, export parts streamed without one). Before bodies
 * were bounded per method and in flight together, eight 15 MiB bodies took it from 126 to 646 MB.
 */
export async function hostUnderAbuse(): Promise<BenchRow[]> {
  const sandbox = await startSandbox()
  const host = await startBrowserHostProcess({
    dataDir: testDataDir(),
    keychainService: testKeychainService(),
    local: sandbox.environment('sandbox'),
  })
  try {
    const session = await openHostSession(host.url)
    const idle = memoryOf(host.pid).now
    const statuses = [
      ...(await burst(session, 'backup.addEntry', true)),
      ...(await burst(session, 'evidence.addToExport', false)),
    ]
    const counts = statuses.reduce<Record<number, number>>(
      (sum, status) => ({ ...sum, [status]: (sum[status] ?? 0) + 1 }),
      {},
    )
    console.log(
      `bench: host under ${parallel} parallel maximal bodies answered ${JSON.stringify(counts)}`,
    )
    return [
      oneReading(
        {
          name: `browser host peak RSS, ${parallel} parallel maximal bodies (×2 rounds)`,
          unit: 'MB',
          baselineName: 'the same host idle',
          target: '< 300 MB',
        },
        memoryOf(host.pid).peak,
        idle,
      ),
    ]
  } finally {
    await host.stop()
    await sandbox.close()
  }
}
