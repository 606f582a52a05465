import type { App } from 'electron'

/**
 * One Compliance Desk per user: two would race on the same settings and IndexedDB. A second
 * launch quits at once and brings the first window forward instead.
 */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'>,
  focusExisting: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', focusExisting)
  return true
}
