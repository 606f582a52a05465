import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, dialog, ipcMain, Notification, protocol, session } from 'electron'
import { localSandboxFromEnv, startMainSide, type MainSide } from './app/startMainSide'
import { mainLog } from './app/mainLog'
import { registerAppScheme, serveAppProtocol } from './electron/appProtocol'
import { serveBridgeOverIpc } from './electron/ipcBridge'
import { saveDialogChooser } from './electron/saveDialog'
import { chosenFileDestination } from './services/evidence/exportDestination'
import { focusWindow, openMainWindow } from './electron/mainWindow'
import { osNotificationPort } from './electron/osNotifications'
import { claimSingleInstance } from './electron/singleInstance'
import { denyAllPermissions, guardEveryWebContents } from './electron/webContentsGuards'

const here = dirname(fileURLToPath(import.meta.url))
let mainSide: MainSide | undefined

registerAppScheme(protocol)
guardEveryWebContents(app)

const existingWindow = (): BrowserWindow | undefined => BrowserWindow.getAllWindows()[0]

const focusExistingWindow = (): void => {
  const window = existingWindow()
  if (window) focusWindow(window)
}

if (claimSingleInstance(app, focusExistingWindow)) {
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', () => {
    void mainSide?.close()
  })
  app
    .whenReady()
    .then(async () => {
      mainSide = await startMainSide({
        dataDir: process.env.COMPLIANCE_DESK_DATA_DIR ?? app.getPath('userData'),
        keychainService: process.env.COMPLIANCE_DESK_KEYCHAIN_SERVICE,
        localSandbox: localSandboxFromEnv(process.env),
        exportDestination: chosenFileDestination(
          saveDialogChooser(
            dialog,
            () => BrowserWindow.getFocusedWindow(),
            app.getPath('documents'),
          ),
        ),
        notifications: osNotificationPort(Notification, existingWindow),
      })
      denyAllPermissions(session.defaultSession)
      serveAppProtocol(protocol, join(here, '../renderer'))
      serveBridgeOverIpc(ipcMain, mainSide.handlers, (context, error) =>
        mainLog.failure(context, error),
      )
      await openMainWindow(BrowserWindow, join(here, '../preload/index.cjs'))
    })
    .catch((error: unknown) => {
      mainLog.failure('start-up', error)
      app.quit()
    })
}
