import { z } from 'zod'
import { cryptoCheckOfRaw } from '../api/cryptoAnswer'
import { cryptoCheckSchema, type CryptoCheck } from '../bridge/cryptoContract'
import { canonicalJson } from '../cases/canonicalJson'
import { hitsOf } from '../cases/checkHits'
import { environmentIdSchema } from '../environments'
import { countOf, noun } from '../text/counting'
import { bundlePaths } from './bundleFormat'
import { evidenceContradictions } from './checkEvidenceAgreement'
import { summariseCheck, type ExportedCheckSummary } from './checkSummary'
import { meaningProblem } from './meaningProblems'
import type { BundleProblem } from './bundleProblems'

/** What check.json says of a check beside the parsed answer, which is checked against the raw. */
const checkFileSchema = z.looseObject({
  localId: z.string().min(1),
  environment: environmentIdSchema,
  query: z.string(),
  queryKey: z.string(),
  fetchedAt: z.string(),
  check: z.unknown(),
  advancedSearch: z.record(z.string(), z.string()).optional(),
  evidence: z.looseObject({
    environment: environmentIdSchema,
    startedAt: z.string(),
    request: z.looseObject({ body: z.unknown() }),
  }),
})

/** The check folders of a bundle in the order they were written: by the position they begin with. */
export function checkFolders(files: ReadonlyMap<string, Uint8Array>): string[] {
  const folders: string[] = []
  for (const path of files.keys()) {
    if (path.startsWith(bundlePaths.checksFolder) && path.endsWith('/check.json')) {
      folders.push(path.slice(bundlePaths.checksFolder.length, -'/check.json'.length))
    }
  }
  const position = (folder: string): number => Number.parseInt(folder, 10)
  return folders.sort((a, b) => position(a) - position(b) || (a < b ? -1 : a > b ? 1 : 0))
}

const parseJson = (bytes: Uint8Array): unknown => {
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

/** A check in a few words: its status and how many hits it has. */
const outcomeOf = (check: CryptoCheck): string =>
  `${check.status}, ${countOf(hitsOf(check).length, noun('hit'))}`

const describedAs = (value: unknown): string => {
  const check = cryptoCheckSchema.safeParse(value)
  return check.success ? outcomeOf(check.data) : 'something that is not a check'
}

/**
 * Every check of the bundle read again from its response.raw with the one parser of answers,
 * compared with what its check.json says: a parsed check that is not the raw answer's is a
 * meaning problem, whoever wrote it. Returns the checks as the raw answers give them (what
 * hits.csv and the report must then say), or undefined when one cannot be read at all.
 */
export function readBundleChecks(
  files: ReadonlyMap<string, Uint8Array>,
  problems: BundleProblem[],
): ExportedCheckSummary[] | undefined {
  const summaries: ExportedCheckSummary[] = []
  let readable = true
  for (const folder of checkFolders(files)) {
    const path = bundlePaths.parsedCheck(folder)
    const rawPath = bundlePaths.rawResponse(folder)
    const say = (detail: string) => problems.push(meaningProblem(path, detail))
    const file = checkFileSchema.safeParse(parseJson(files.get(path) ?? new Uint8Array()))
    if (!file.success) {
      say('is not a check as Compliance Desk writes it')
      readable = false
      continue
    }
    const raw = files.get(rawPath)
    const check = raw ? cryptoCheckOfRaw(raw) : undefined
    if (!check) {
      problems.push(
        meaningProblem(
          rawPath,
          raw
            ? 'is not an answer of the service that can be read, so nothing in the bundle may say what it found'
            : 'is not in the bundle, so its check cannot be read from what the service sent',
        ),
      )
      readable = false
      continue
    }
    if (canonicalJson(file.data.check) !== canonicalJson(check)) {
      const claimed = describedAs(file.data.check)
      const derived = outcomeOf(check)
      say(
        claimed === derived
          ? `differs from what its response.raw says (${derived})`
          : `says ${claimed}, its response.raw says ${derived}`,
      )
    }
    for (const contradiction of evidenceContradictions(file.data, check)) say(contradiction)
    summaries.push(summariseCheck({ ...file.data, check }, folder))
  }
  return readable ? summaries : undefined
}
