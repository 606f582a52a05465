import { z } from 'zod'
import { caseNumber } from '../cases/caseNumber'
import { caseRecordSchema, type CaseRecord } from '../cases/caseSchemas'

/**
 * case.json: the case as it was exported, with the number people say and search for
 * ("CD-7K3M-Q9XA"). Bundles made before the number was written have none, and still read.
 */
export const caseFileSchema = caseRecordSchema.extend({ caseNumber: z.string().optional() })
export type CaseFile = z.infer<typeof caseFileSchema>

export const caseFileOf = (caseRecord: CaseRecord): CaseFile => ({
  ...caseRecord,
  caseNumber: caseNumber(caseRecord.id),
})

/** The case a case.json holds; its number is derived from the id, so it is not kept twice. */
export function caseRecordOfFile(file: CaseFile): CaseRecord {
  const caseRecord = { ...file }
  delete caseRecord.caseNumber
  return caseRecord
}

/** Why case.json's number is not its case's, or null when it is (or, in an older bundle, absent). */
export function caseNumberProblem(file: {
  id: string
  caseNumber?: string | undefined
}): string | null {
  if (file.caseNumber === undefined || file.caseNumber === caseNumber(file.id)) return null
  return `gives the case number ${file.caseNumber}, case ${file.id} is ${caseNumber(file.id)}`
}
