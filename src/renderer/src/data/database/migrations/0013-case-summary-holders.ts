import type { CryptoCheck } from '../../../../../shared/bridge/cryptoContract'
import type { CaseRecord } from '../../../../../shared/cases/caseSchemas'
import { namedHolders } from '../../../../../shared/cases/checkHits'
import type { DatabaseMigration } from './databaseMigration'

const answerOf = (row: unknown): CryptoCheck[] => {
  const check = (row as { check?: CryptoCheck } | undefined)?.check
  return check?.categories ? [check] : []
}

/**
 * The case list finds a case by the holders its checks' records name ("Sim, Hyon Sop"): each
 * summary keeps them from now on (see caseSummaries), and they are added here to the summaries
 * already on this computer. Read from the tables themselves, with the shared reading of a record's
 * holder, and never through the case aggregate's code. Derived only: a backup made before this
 * restores unchanged, its summaries without holders until their case next changes.
 */
export const caseSummaryHoldersSchema: DatabaseMigration = {
  version: 13,
  name: 'case-summary-holders',
  stores: {},
  derivedOnly: true,
  upgrade: async (transaction) => {
    const cases = (await transaction.table('cases').toArray()) as CaseRecord[]
    for (const caseRecord of cases) {
      const rows: unknown[] = caseRecord.origin
        ? ((
            (await transaction.table('importedCaseContents').get(caseRecord.id)) as
              { checks?: unknown[] } | undefined
          )?.checks ?? [])
        : await transaction.table('checks').bulkGet(caseRecord.checkIds)
      await transaction
        .table('caseSummaries')
        .update(caseRecord.id, { holders: namedHolders(rows.flatMap(answerOf)) })
    }
  },
}
