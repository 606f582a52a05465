import type { App, Session, WebContents } from 'electron'
import { isAppUrl } from './appProtocol'

/**
 * No page of ours navigates anywhere, opens windows, embeds webviews or gets a permission:
 * the renderer is a local app, and any of these would be a way out for injected content.
 */
export function guardWebContents(contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

export function guardEveryWebContents(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents))
}
