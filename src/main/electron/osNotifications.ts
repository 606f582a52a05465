import type { BrowserWindow, Notification, NotificationConstructorOptions } from 'electron'
import type { NotificationPort } from '../services/notifications/notificationPort'
import { appEntryUrl, isAppUrl } from './appProtocol'
import { focusWindow } from './mainWindow'

export type NotificationClass = Pick<typeof Notification, 'isSupported'> &
  (new (options: NotificationConstructorOptions) => Pick<Notification, 'on' | 'show'>)

export type NotifiedWindow = Pick<BrowserWindow, 'isMinimized' | 'restore' | 'focus'> & {
  webContents: Pick<BrowserWindow['webContents'], 'getURL' | 'loadURL'>
}

/**
 * The page's address with `route` as its fragment. The router keeps its place in the fragment,
 * and a load that changes only the fragment is a same-document navigation in Chromium: the page
 * is not reloaded, its router sees it as it sees Back and Forward.
 */
export const addressOfRoute = (current: string, route: string): string => {
  const address = new URL(isAppUrl(current) ? current : appEntryUrl)
  address.hash = route
  return address.href
}

/**
 * Electron's OS notifications. A click brings the window forward on the notice's screen. Each
 * notification is held until it is clicked or closed: one the garbage collector took would lose
 * its click.
 */
export function osNotificationPort(
  NotificationImpl: NotificationClass,
  mainWindow: () => NotifiedWindow | undefined,
): NotificationPort {
  const held = new Set<Pick<Notification, 'on' | 'show'>>()
  return {
    supported: () => NotificationImpl.isSupported(),
    show: ({ title, body, opens }) => {
      if (!NotificationImpl.isSupported()) return false
      const notification = new NotificationImpl({ title, body })
      held.add(notification)
      notification.on('close', () => held.delete(notification))
      notification.on('click', () => {
        held.delete(notification)
        const window = mainWindow()
        if (!window) return
        focusWindow(window)
        const { webContents } = window
        webContents.loadURL(addressOfRoute(webContents.getURL(), opens)).catch(() => undefined)
      })
      notification.show()
      return true
    },
  }
}
