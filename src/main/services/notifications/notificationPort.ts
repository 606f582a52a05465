import type { ChangesNotice } from '../../../shared/bridge/systemContract'
import { countOf, noun } from '../../../shared/text/counting'

/** One OS notification, and the screen of the app (a route such as `/changes`) a click opens. */
export interface OsNotice {
  title: string
  body: string
  opens: `/${string}`
}

/**
 * The platform port for OS notifications: Electron shows one; answers false when this platform
 * shows none.
 */
export interface NotificationPort {
  /** Whether this platform shows OS notifications at all. */
  supported(): boolean
  show(notice: OsNotice): boolean
}

/**
 * The browser mode's port shows nothing, and says so: the host is a Node process that may run on
 * a machine without a desktop, and the page lives in a browser the host does not control. There,
 * the badge beside Changes in the navigation is how new changes show.
 */
export const noOsNotifications: NotificationPort = { supported: () => false, show: () => false }

/** "2 watched wallets changed", with what changed in counts, opening the Changes inbox. */
export function notifyChanges(
  port: NotificationPort,
  { count, summary }: ChangesNotice,
): { shown: boolean } {
  return {
    shown: port.show({
      title: `${countOf(count, noun('watched wallet'))} changed`,
      body: summary,
      opens: '/changes',
    }),
  }
}
