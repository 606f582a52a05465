import { useEffect, useState } from 'react'
import type { BackupSettings } from '../../../../shared/backup/backupFormat'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'
import { environmentLabels } from '../../../../shared/environments'

/** What "Backup restored" says; kept across the reload that follows a restore. */
export interface RestoredOutcome {
  rows: Record<string, number>
  /** The environments whose key must be entered again. */
  keysToEnter: string[]
  /** Why the settings were not restored, when they were not. */
  settingsError: string | null
}

/**
 * The environments that had a key where the backup was made and have none here (keys are never
 * in a backup); all of them while the settings are not in place (`view` undefined).
 */
export const keysToEnter = (
  settings: Pick<BackupSettings, 'keysHeld'>,
  view: SettingsView | undefined,
): string[] =>
  settings.keysHeld
    .filter((id) => !view?.environments.find((environment) => environment.id === id)?.key.isSet)
    .map((id) => environmentLabels[id])

/**
 * Whether the notice of a restore only says it went well, and so closes by itself: one that still
 * asks for something (keys to enter again) or says what failed stays until dismissed.
 */
export const onlyGoodNews = (outcome: {
  keysToEnter: readonly string[]
  settingsError?: string | null
}): boolean => outcome.keysToEnter.length === 0 && !outcome.settingsError

/**
 * A value kept for this tab across the reload that follows a restore, shown once: read as the page
 * renders, forgotten once shown, so a later reload shows the screen as usual.
 */
const keptAcrossReload = <T>(key: string) => ({
  keep: (value: T): void => sessionStorage.setItem(key, JSON.stringify(value)),
  read: (): T | null => {
    const kept = sessionStorage.getItem(key)
    return kept === null ? null : (JSON.parse(kept) as T)
  },
  forget: (): void => sessionStorage.removeItem(key),
})

/** The value kept before the reload, until dismissed; forgotten once shown. */
export function useShownOnce<T>(
  kept: ReturnType<typeof keptAcrossReload<T>>,
): [T | null, () => void] {
  const [value, setValue] = useState(kept.read)
  useEffect(() => kept.forget(), [kept])
  return [value, () => setValue(null)]
}

/** What "Backup restored" says (see RestoredNotice). */
export const restoredOutcome = keptAcrossReload<RestoredOutcome>('compliance-desk:restored')

/** What "The restore is finished" says (see UnfinishedRestoreNotice). */
export const finishedOutcome = keptAcrossReload<{ keysToEnter: string[] }>(
  'compliance-desk:restore-finished',
)
