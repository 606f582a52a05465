import { execFileSync } from 'node:child_process'
import { benchRow, oneReading, type BenchRow } from './benchStats'

interface ExportProcessReport {
  measured: number[]
  baseline: number[]
  signing: { measured: number[]; baseline: number[] }
  checks: number
  bundleBytes: number
  files: number
  rssBeforeExportMb: number
  peakRssMb: number
}

/** Exporting a case of 1,000 checks, and the exporting process's peak memory. */
export function caseExportOf1000Checks(): BenchRow[] {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/caseExportProcess.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as ExportProcessReport
  const size = `${report.files} files, ${(report.bundleBytes / 1024 / 1024).toFixed(1)} MB`
  return [
    benchRow(
      {
        name: `export a case of ${report.checks} checks through the bridge (${size})`,
        baselineName: 'zip -6 then sha256sum over the same files',
        target: '≤ 1.5×',
      },
      report.measured,
      report.baseline,
    ),
    benchRow(
      {
        name: `the same export, signed (Ed25519 over manifest.json)`,
        baselineName: 'the same export with a constant in place of the signature',
        target: '≤ 1.05×',
      },
      report.signing.measured,
      report.signing.baseline,
    ),
    oneReading(
      {
        name: 'peak resident memory of the exporting process',
        unit: 'MB',
        baselineName: 'same process before exporting (1,000 checks loaded)',
        target: '< 300 MB',
      },
      report.peakRssMb,
      report.rssBeforeExportMb,
    ),
  ]
}
