/** The table of shared cases as applied here (see data/team): derived, so never backed up. */
export const teamCasesTable = 'teamCases'
