import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { crc32, createDeflateRaw } from 'node:zlib'
import { bundledSanctionedWallets } from '../src/sandbox/crypto/walletRecords'
import type { CryptoSearchResult } from '../src/shared/bridge/cryptoContract'
import { verifyBundle } from '../src/shared/evidence/verifyBundle'
import { minimalBundleEntries, zipOf } from '../src/test-support/bundleZipFixtures'
import { caseFixture, exportedCheckOf, exportedBundle } from '../src/test-support/evidenceFixtures'
import { startMainSideOnSandbox } from '../src/test-support/mainSideOnSandbox'
import { benchRow, compare, median, type BenchRow } from './benchStats'

const checkCount = 1000
const mib = 1024 * 1024
const gib = 1024 * mib
const cliRuns = 5

/**
 * A real export of 1,000 checks through the bridge. The sandbox limits its rate, so two real
 * answers (a hit and a clean address) are run once and alternate, each check its own files.
 */
async function exportedBundleOf1000Checks(): Promise<Uint8Array> {
  const app = await startMainSideOnSandbox()
  try {
    const search = async (query: string): Promise<CryptoSearchResult> => {
      const input = { requestId: crypto.randomUUID(), query, isSubjectConsent: true, type: 'all' }
      const reply = await app.call('crypto.search', input)
      if (!reply.ok) throw new Error(reply.error.message)
      return reply.data as CryptoSearchResult
    }
    const hit = bundledSanctionedWallets().find((wallet) => wallet.publicKey.startsWith('0x'))
    const answers = [
      await search(hit?.publicKey ?? ''),
      await search(`0x${randomBytes(20).toString('hex')}`),
    ]
    const checks = Array.from({ length: checkCount }, (_, index) =>
      exportedCheckOf(answers[index % answers.length]!, index),
    )
    return await exportedBundle(app, caseFixture(checks), 25)
  } finally {
    await app.stop()
  }
}

function* zeroChunks(total: number): Generator<Uint8Array> {
  const chunk = new Uint8Array(mib)
  for (let sent = 0; sent < total; sent += mib) yield chunk
}

/** 1 GiB of zeros deflated to about 1 MB, in streams so the bench never holds the gibibyte. */
async function deflatedGibOfZeros(): Promise<{ deflated: Uint8Array<ArrayBuffer>; crc: number }> {
  const deflated = await buffer(Readable.from(zeroChunks(gib)).pipe(createDeflateRaw({ level: 9 })))
  let crc = 0
  for (const chunk of zeroChunks(gib)) crc = crc32(chunk, crc)
  return { deflated: new Uint8Array(deflated), crc }
}

/** Prints the process's peak resident memory as it exits, whatever exit the script takes. */
const peakRssHook =
  "data:text/javascript,process.on('exit',()=>console.error('maxRSS='+process.resourceUsage().maxRSS))"

/** `npm run verify-bundle -- FILE` in a process of its own: its wall time and peak memory. */
function runVerifyCli(path: string): { ms: number; peakRssMb: number; stdout: string } {
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', peakRssHook, 'scripts/verifyBundle.ts', path],
    { encoding: 'utf8' },
  )
  const ms = performance.now() - started
  const kilobytes = Number(/maxRSS=(\d+)/.exec(run.stderr)?.[1])
  if (!Number.isFinite(kilobytes)) throw new Error(`verify-bundle did not report: ${run.stderr}`)
  return { ms, peakRssMb: kilobytes / 1024, stdout: run.stdout }
}

function refusalRows(what: string, bomb: string, small: string): BenchRow[] {
  const bombRuns = Array.from({ length: cliRuns }, () => runVerifyCli(bomb))
  const smallRuns = Array.from({ length: cliRuns }, () => runVerifyCli(small))
  if (!bombRuns.every((run) => run.stdout.includes('REFUSED bomb.bin'))) {
    throw new Error(`verify-bundle did not refuse the bomb: ${bombRuns[0]?.stdout ?? ''}`)
  }
  const baselineName = 'verify-bundle on a small valid bundle (start-up included)'
  const peak = median(bombRuns.map((run) => run.peakRssMb))
  const smallPeak = median(smallRuns.map((run) => run.peakRssMb))
  return [
    benchRow(
      { name: `verify-bundle refuses ${what}: time to refusal`, baselineName, target: '< 5 s' },
      bombRuns.map((run) => run.ms),
      smallRuns.map((run) => run.ms),
    ),
    {
      name: `verify-bundle refuses ${what}: peak resident memory`,
      unit: 'MB',
      median: peak,
      baselineName,
      baselineMedian: smallPeak,
      ratio: peak / smallPeak,
      target: '< 300 MB',
      samples: cliRuns,
    },
  ]
}

/**
 * Verifying a bundle of 1,000 checks (hashes, signature, and every check, hits.csv row and the
 * report held to what the raw answers say) against `unzip` and `sha256sum` of its files, and how fast
 * and small the refusal of a decompression bomb stays, one that declares its gibibyte and one
 * that hides it behind a declared mebibyte.
 */
export async function verifyRows(): Promise<BenchRow[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cd-bench-verify-'))
  try {
    const bundle = await exportedBundleOf1000Checks()
    const bundlePath = join(folder, 'bundle.zip')
    writeFileSync(bundlePath, bundle)
    const verifyOnce = async (): Promise<void> => {
      const result = verifyBundle(readFileSync(bundlePath))
      if (!result.ok) throw new Error(`the bundle did not verify: ${result.problems[0]?.detail}`)
    }
    const unzipAndHash = async (): Promise<void> => {
      execFileSync(
        'bash',
        [
          '-c',
          'rm -rf files && unzip -q bundle.zip -d files && find files -type f -print0 | xargs -0 sha256sum > /dev/null',
        ],
        { cwd: folder },
      )
    }
    const samples = await compare(verifyOnce, unzipAndHash, { warmup: 1, samples: 7 })
    const files = verifyBundle(bundle).files.size
    const size = `${files} files, ${(bundle.length / mib).toFixed(1)} MB`

    const small = join(folder, 'small.zip')
    const declared = join(folder, 'declares-1-gib.zip')
    const hidden = join(folder, 'hides-1-gib.zip')
    writeFileSync(small, zipOf(minimalBundleEntries()))
    const zeros = await deflatedGibOfZeros()
    const withBomb = (declaredSize: number): Uint8Array =>
      zipOf([...minimalBundleEntries(), { name: 'bomb.bin', ...zeros, declaredSize }])
    writeFileSync(declared, withBomb(gib))
    writeFileSync(hidden, withBomb(mib))
    return [
      benchRow(
        {
          name: `verify a bundle of ${checkCount} checks, each read again from its raw answer (${size})`,
          baselineName: 'unzip then sha256sum of its files',
          target: '≤ 2.5×',
        },
        samples.measured,
        samples.baseline,
      ),
      ...refusalRows('an entry declaring 1 GiB', declared, small),
      ...refusalRows('an entry declaring 1 MiB that inflates to 1 GiB', hidden, small),
    ]
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
