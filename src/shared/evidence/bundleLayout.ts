import Papa from 'papaparse'
import { bundlePaths, isReportLayout, type BundleManifest, type ReportLayout } from './bundleFormat'

/**
 * The layout a bundle's report.html and hits.csv were written in: the one its manifest names, or
 * for a bundle made before layouts were numbered, the one its hits.csv's header shows (the
 * second added the holder). Undefined when the manifest names a layout this version does not
 * know: a later version made it, and its summaries cannot be rendered again here.
 */
export function layoutOfBundle(
  manifest: BundleManifest,
  files: ReadonlyMap<string, Uint8Array>,
): ReportLayout | undefined {
  if (manifest.reportLayout !== undefined) {
    return isReportLayout(manifest.reportLayout) ? manifest.reportLayout : undefined
  }
  const csv = files.get(bundlePaths.hitsCsv)
  if (!csv) return 2
  const header = Papa.parse<string[]>(new TextDecoder().decode(csv), { preview: 1 }).data[0]
  return header?.includes('holder') === false ? 1 : 2
}
