import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { startMainSide } from '../src/main/app/startMainSide'
import { dispatchBridgeCall } from '../src/main/bridge/dispatchBridgeCall'
import {
  caseFixture,
  exportedCheckOf,
  exportThroughBridge,
  fixtureActor,
} from '../src/test-support/evidenceFixtures'
import { EvidenceExporter } from '../src/main/services/evidence/evidenceExporter'
import type { BridgeHandlers } from '../src/shared/bridge'
import type { IdentityView } from '../src/shared/bridge/identityContract'
import { investigatorOf } from '../src/shared/identity/investigator'
import { sessionKeyStore } from '../src/main/services/keys/secretKeyStore'
import { bundledSanctionedWallets } from '../src/sandbox/crypto/walletRecords'
import { startSandbox } from '../src/sandbox/sandboxServer'
import type { CryptoSearchResult } from '../src/shared/bridge/cryptoContract'
import { compare } from './benchStats'
import { unpackBundle, zipAndHashFolder } from './zipBaseline'

/**
 * Run in a process of its own so its peak resident memory is the export's: 1,000 real checks
 * from the sandbox (half of them hits) in one case, exported through the bridge in the renderer's
 * batches, against `zip` and `sha256sum` over the very files the bundle holds.
 */
const checkCount = 1000
const mb = (kilobytes: number): number => kilobytes / 1024

const sandbox = await startSandbox({ rateLimitPerSecond: 1_000_000 })
const { baseUrl, secretKey } = sandbox.environment('sandbox')
const dataDir = mkdtempSync(join(tmpdir(), 'cd-bench-export-'))
const mainSide = await startMainSide({
  dataDir,
  keyStore: sessionKeyStore('bench'),
  localSandbox: { baseUrl, secretKey },
})
const call = (method: string, input: unknown) =>
  dispatchBridgeCall(mainSide.handlers, method, input)

const hits = bundledSanctionedWallets()
  .filter((wallet) => wallet.publicKey.startsWith('0x'))
  .map((wallet) => wallet.publicKey)
const queries = Array.from({ length: checkCount }, (_, index) =>
  index % 2 === 0
    ? (hits[(index / 2) % hits.length] ?? '')
    : `0x${randomBytes(20).toString('hex')}`,
)
const results: CryptoSearchResult[] = []
for (const query of queries) {
  const reply = await call('crypto.search', {
    requestId: crypto.randomUUID(),
    query,
    isSubjectConsent: true,
    type: 'all',
  })
  if (!reply.ok) throw new Error(reply.error.message)
  results.push(reply.data as CryptoSearchResult)
}
const fixture = caseFixture(results.map((result, index) => exportedCheckOf(result, index)))
const rssBeforeExport = process.resourceUsage().maxRSS

/**
 * The same export with signing taken out: an exporter whose "signature" is a constant of the same
 * length, behind the very same bridge handlers.
 */
const identity = await call('identity.get', {})
if (!identity.ok) throw new Error(identity.error.message)
const { signingKey } = identity.data as IdentityView
const unsigned = new EvidenceExporter(mainSide.downloads, '0.0.0-bench', {
  signer: async () => ({
    signer: {
      ...investigatorOf(fixtureActor),
      publicKey: signingKey.publicKey,
      fingerprint: signingKey.fingerprint,
    },
    key: { sign: () => '00'.repeat(64) },
  }),
})
const unsignedHandlers: BridgeHandlers = {
  ...mainSide.handlers,
  'evidence.beginExport': ({ case: caseRecord }) => unsigned.begin(caseRecord),
  'evidence.addToExport': ({ exportId, part }) => unsigned.add(exportId, part),
  'evidence.finishExport': ({ exportId }) => unsigned.finish(exportId),
}
const callUnsigned = (method: string, input: unknown) =>
  dispatchBridgeCall(unsignedHandlers, method, input)

let lastBundle = ''
const exportOnce = async (through = call): Promise<void> => {
  const finished = await exportThroughBridge(through, fixture, 25)
  if (finished.delivery.kind !== 'download') throw new Error('expected a download')
  const file = mainSide.downloads.take(finished.delivery.url.split('/').pop() ?? '')
  if (!file) throw new Error('no download')
  if (lastBundle) rmSync(lastBundle, { force: true })
  lastBundle = file.path
}
await exportOnce()

const filesDir = unpackBundle(readFileSync(lastBundle))

const samples = await compare(exportOnce, async () => zipAndHashFolder(filesDir), {
  warmup: 1,
  samples: 7,
})
const signing = await compare(exportOnce, () => exportOnce(callUnsigned), { warmup: 1, samples: 7 })
const bundle = readFileSync(lastBundle)
console.log(
  JSON.stringify({
    ...samples,
    signing,
    checks: checkCount,
    bundleBytes: bundle.length,
    files: Object.keys(unzipSync(bundle)).length,
    rssBeforeExportMb: mb(rssBeforeExport),
    peakRssMb: mb(process.resourceUsage().maxRSS),
  }),
)
await mainSide.close()
await sandbox.close()
rmSync(filesDir, { recursive: true, force: true })
rmSync(dataDir, { recursive: true, force: true })
