import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import { appEntryUrl } from './appProtocol'

export const mainWindowOptions = (preloadPath: string): BrowserWindowConstructorOptions => ({
  width: 1360,
  height: 860,
  minWidth: 960,
  minHeight: 600,
  title: 'Compliance Desk',
  show: false,
  backgroundColor: '#f8f9fa',
  webPreferences: {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  },
})

export type BrowserWindowClass = new (
  options: BrowserWindowConstructorOptions,
) => Pick<BrowserWindow, 'loadURL' | 'once' | 'show'>

export async function openMainWindow(
  BrowserWindowImpl: BrowserWindowClass,
  preloadPath: string,
): Promise<Pick<BrowserWindow, 'loadURL' | 'once' | 'show'>> {
  const window = new BrowserWindowImpl(mainWindowOptions(preloadPath))
  window.once('ready-to-show', () => window.show())
  await window.loadURL(appEntryUrl)
  return window
}

/** Brings a window to the front, restoring it first when it was minimised. */
export function focusWindow(
  window: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'focus'>,
): void {
  if (window.isMinimized()) window.restore()
  window.focus()
}
