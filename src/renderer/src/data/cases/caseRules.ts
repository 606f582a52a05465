/**
 * The case rules live in src/shared/cases (the report and the verifier apply them too); this door
 * stays for the renderer's modules that still import them from data/ (history and watch).
 */
export * from '../../../../shared/cases/caseRules'
