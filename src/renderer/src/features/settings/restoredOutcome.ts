/** What "Backup restored" says; kept across the reload that follows a restore. */
export interface RestoredOutcome {
  rows: Record<string, number>
  /** The environments whose key must be entered again. */
  keysToEnter: string[]
  /** Why the settings were not restored, when they were not. */
  settingsError: string | null
}

const storageKey = 'compliance-desk:restored'

/** Kept for this tab only, until shown (see forgetRestored). */
export function keepUntilReloaded(outcome: RestoredOutcome): void {
  sessionStorage.setItem(storageKey, JSON.stringify(outcome))
}

export function restoredBeforeReload(): RestoredOutcome | null {
  const kept = sessionStorage.getItem(storageKey)
  return kept === null ? null : (JSON.parse(kept) as RestoredOutcome)
}

/** Once shown: a later reload shows Settings as usual. */
export const forgetRestored = (): void => sessionStorage.removeItem(storageKey)
