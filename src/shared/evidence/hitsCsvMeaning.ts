import Papa from 'papaparse'
import { z } from 'zod'
import { cryptoCheckSchema } from '../bridge/cryptoContract'
import type { HitDecision } from '../cases/caseSchemas'
import { hitDecisionId, hitsOf, type CheckHit } from '../cases/checkHits'
import { bundlePaths } from './bundleFormat'
import { decisionLabel, decisionSubject, meaningProblem } from './meaningProblems'
import type { BundleProblem } from './verifyBundle'

/** The columns a row is found and checked by; the others only describe the hit. */
const readColumns = [
  'check_folder',
  'check_id',
  'hit_key',
  'decision',
  'rationale',
  'decided_at',
] as const
type HitsCsvRow = Record<(typeof readColumns)[number], string>

/** What hits.csv needs of a check.json: the case's key for the check, and its hits. */
const checkFileSchema = z.object({ localId: z.string().min(1), check: cryptoCheckSchema })

interface ExpectedRow {
  localId: string
  checkId: string
  hit: CheckHit
  /** Rows still owed: a check may list the same record twice, and each is a row. */
  owed: number
}

const rowKey = (folder: string, hitKey: string): string => JSON.stringify([folder, hitKey])

/** One expected row per hit of every check in the bundle, by folder and hit key. */
function expectedRows(
  files: ReadonlyMap<string, Uint8Array>,
  problems: BundleProblem[],
): Map<string, ExpectedRow> | undefined {
  const rows = new Map<string, ExpectedRow>()
  for (const [path, bytes] of files) {
    if (!path.startsWith(bundlePaths.checksFolder) || !path.endsWith('/check.json')) continue
    const folder = path.slice(bundlePaths.checksFolder.length, -'/check.json'.length)
    let json: unknown
    try {
      json = JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      json = undefined
    }
    const parsed = checkFileSchema.safeParse(json)
    if (!parsed.success) {
      problems.push(
        meaningProblem(
          path,
          'is not a check as Compliance Desk writes it, so hits.csv cannot be checked',
        ),
      )
      return undefined
    }
    for (const hit of hitsOf(parsed.data.check)) {
      const key = rowKey(folder, hit.hitKey)
      const owed = (rows.get(key)?.owed ?? 0) + 1
      rows.set(key, { localId: parsed.data.localId, checkId: parsed.data.check.id, hit, owed })
    }
  }
  return rows
}

/**
 * hits.csv has one row per hit of the bundle's checks, and each row carries the decision the
 * audit trail arrives at for that hit, its rationale and time; a hit without one has them empty.
 */
export function checkHitsCsv(
  files: ReadonlyMap<string, Uint8Array>,
  caseId: string,
  decisions: ReadonlyMap<string, HitDecision>,
  problems: BundleProblem[],
): void {
  const say = (detail: string) => problems.push(meaningProblem(bundlePaths.hitsCsv, detail))
  const bytes = files.get(bundlePaths.hitsCsv)
  if (!bytes) {
    say('is not in the bundle, so it cannot be checked')
    return
  }
  const expected = expectedRows(files, problems)
  if (!expected) return
  const csv = Papa.parse<HitsCsvRow>(new TextDecoder().decode(bytes), {
    header: true,
    delimiter: ',',
    skipEmptyLines: true,
  })
  const [error] = csv.errors
  if (error) {
    say(
      `is not readable CSV: ${error.message}${error.row === undefined ? '' : ` (row ${error.row + 1})`}`,
    )
    return
  }
  const absent = readColumns.filter((column) => !csv.meta.fields?.includes(column))
  if (absent.length > 0) {
    say(`has no ${absent.join(', ')} column`)
    return
  }
  csv.data.forEach((row, index) => {
    const wanted = expected.get(rowKey(row.check_folder, row.hit_key))
    if (!wanted) {
      say(
        `row ${index + 1} is hit ${row.hit_key} of check folder ${row.check_folder}, which no check of the bundle has`,
      )
      return
    }
    const subject = decisionSubject({ recordTitle: wanted.hit.title, checkId: wanted.localId })
    if (wanted.owed === 0) {
      say(`has more rows for ${subject} than the check has hits`)
      return
    }
    wanted.owed -= 1
    if (row.check_id !== wanted.checkId) {
      say(
        `row ${index + 1} gives ${subject} the check id ${row.check_id}, its check.json ${wanted.checkId}`,
      )
    }
    const decision = decisions.get(hitDecisionId(caseId, wanted.localId, wanted.hit.hitKey))
    if (row.decision !== (decision?.decision ?? '')) {
      say(
        `says ${decisionLabel(row.decision)} for ${subject}, the audit trail says ${decisionLabel(decision?.decision ?? '')}`,
      )
      return
    }
    const differing = [
      row.rationale === (decision?.rationale ?? '') ? [] : ['rationale'],
      row.decided_at === (decision?.decidedAt ?? '') ? [] : ['decided_at'],
    ].flat()
    if (differing.length > 0) {
      say(`differs from the audit trail on ${subject} (${differing.join(', ')})`)
    }
  })
  for (const { hit, localId, owed } of expected.values()) {
    if (owed > 0) {
      say(`has no row for ${decisionSubject({ recordTitle: hit.title, checkId: localId })}`)
    }
  }
}
