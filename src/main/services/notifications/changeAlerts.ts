import type { ChangeAlertSettings, ChangesNotice } from '../../../shared/bridge/systemContract'
import type { SettingsStore } from '../settings/settingsStore'
import { notifyChanges, type NotificationPort } from './notificationPort'

export interface ChangeAlerts {
  view(): ChangeAlertSettings
  set(notifyChanges: boolean): Promise<ChangeAlertSettings>
  /** Shows the notice unless the person turned change notifications off. */
  notify(notice: ChangesNotice): { shown: boolean }
}

/**
 * Whether watch runs that find changes show an OS notification: the person's choice, kept with
 * the settings on the main side, which decides here rather than trusting each page to ask.
 */
export function createChangeAlerts(settings: SettingsStore, port: NotificationPort): ChangeAlerts {
  const view = (): ChangeAlertSettings => ({
    notifyChanges: settings.read().notifyChanges ?? true,
    osNotifications: port.supported(),
  })
  return {
    view,
    set: async (notify) => {
      await settings.update((current) => ({ ...current, notifyChanges: notify }))
      return view()
    },
    notify: (notice) => (view().notifyChanges ? notifyChanges(port, notice) : { shown: false }),
  }
}
