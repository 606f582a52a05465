import type { DatabaseMigration } from './databaseMigration'

/**
 * Investigation cases, kept on this computer (the spec shows no Cases endpoint): the cases, their
 * notes, hit decisions (found again by identifier and record), the append-only audit trail, and
 * the checks and entities of cases imported from bundles (kept apart from this computer's own).
 */
export const casesSchema: DatabaseMigration = {
  version: 6,
  name: 'cases',
  stores: {
    cases: '&id, updatedAt, *checkIds, *entityKeys',
    caseNotes: '&id, [caseId+createdAt]',
    hitDecisions: '&id, caseId, [queryKey+hitKey]',
    auditEntries: '&[caseId+seq]',
    importedCaseContents: '&caseId',
  },
}
