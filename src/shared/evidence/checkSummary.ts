import type { ExportedCheck } from '../bridge/evidenceContract'
import { hitsOf, type CheckHit } from '../cases/checkHits'

/**
 * What the summaries (hits.csv, report.html) need of a check: written by the exporter from the
 * check it read in the raw answer, and made again the same way by the verifier from the bundle.
 */
export interface ExportedCheckSummary {
  folder: string
  localId: string
  checkId: string
  environment: string
  query: string
  queryKey: string
  fetchedAt: string
  status: string
  hits: ExportedHit[]
}

/** A hit as the summaries show it: whose wallet, on which chain, on which lists. */
export type ExportedHit = Omit<CheckHit, 'record'>

export function summariseCheck(
  check: Pick<
    ExportedCheck,
    'localId' | 'environment' | 'query' | 'queryKey' | 'fetchedAt' | 'check'
  >,
  folder: string,
): ExportedCheckSummary {
  return {
    folder,
    localId: check.localId,
    checkId: check.check.id,
    environment: check.environment,
    query: check.query,
    queryKey: check.queryKey,
    fetchedAt: check.fetchedAt,
    status: check.check.status,
    hits: hitsOf(check.check).map(
      ({ category, hitKey, chainlessKey, title, holder, chains, datasets }) => ({
        category,
        hitKey,
        chainlessKey,
        title,
        holder,
        chains,
        datasets,
      }),
    ),
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
