import type { z } from 'zod'
import { hitDecisionLabels } from '../cases/caseLabels'
import { hitDecisionKindSchema, type HitDecision } from '../cases/caseSchemas'
import type { BundleProblem } from './verifyBundle'

export const meaningProblem = (path: string, detail: string): BundleProblem => ({
  kind: 'meaning',
  path,
  detail,
})

/** A decision as a sentence names it; a value no version writes is quoted as found. */
export function decisionLabel(decision: string): string {
  if (decision === '') return 'no decision'
  const kind = hitDecisionKindSchema.safeParse(decision)
  return kind.success ? hitDecisionLabels[kind.data].toLowerCase() : `“${decision}”`
}

export const decisionSubject = (decision: Pick<HitDecision, 'recordTitle' | 'checkId'>): string =>
  `${decision.recordTitle} in check ${decision.checkId}`

/** A part of the bundle read as its schema says, or undefined with the problem said. */
export function readPart<T>(
  files: ReadonlyMap<string, Uint8Array>,
  path: string,
  schema: z.ZodType<T>,
  problems: BundleProblem[],
): T | undefined {
  const bytes = files.get(path)
  if (!bytes) {
    problems.push(meaningProblem(path, 'is not in the bundle, so it cannot be checked'))
    return undefined
  }
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    problems.push(meaningProblem(path, 'is not valid JSON'))
    return undefined
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  problems.push(
    meaningProblem(
      path,
      `is not what Compliance Desk writes: ${issue?.path.join('.') || 'it'} ${issue?.message ?? ''}`.trim(),
    ),
  )
  return undefined
}
