import type { ExportedCheck } from '../../../shared/bridge/evidenceContract'
import { hitsOf } from '../../../shared/cases/checkHits'
import { checkFolderName } from '../../../shared/evidence/bundleFormat'

/** What the summaries (hits.csv, report.html) need of a check once its files are written. */
export interface ExportedCheckSummary {
  folder: string
  localId: string
  checkId: string
  environment: string
  query: string
  queryKey: string
  fetchedAt: string
  status: string
  hits: Array<{ category: string; hitKey: string; title: string; datasets: string[] }>
}

export function summariseCheck(check: ExportedCheck, position: number): ExportedCheckSummary {
  return {
    folder: checkFolderName(position, check.check.id),
    localId: check.localId,
    checkId: check.check.id,
    environment: check.environment,
    query: check.query,
    queryKey: check.queryKey,
    fetchedAt: check.fetchedAt,
    status: check.check.status,
    hits: hitsOf(check.check).map(({ category, hitKey, title, datasets }) => ({
      category,
      hitKey,
      title,
      datasets,
    })),
  }
}

/** check.json: the parsed answer with everything kept about its request, beside the raw bytes. */
export function parsedCheckFile(check: ExportedCheck, rawSha256: string): unknown {
  const { status, headers, bytes } = check.evidence.response
  return {
    localId: check.localId,
    environment: check.environment,
    query: check.query,
    queryKey: check.queryKey,
    ...(check.advancedSearch ? { advancedSearch: check.advancedSearch } : {}),
    fetchedAt: check.fetchedAt,
    check: check.check,
    evidence: {
      ...check.evidence,
      response: { status, headers, bytes, rawFile: 'response.raw', rawSha256 },
    },
  }
}
