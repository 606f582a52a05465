import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron'
import { localSandboxFromEnv, startMainSide, type MainSide } from './app/startMainSide'
import { mainLog } from './app/mainLog'
import { registerAppScheme, serveAppProtocol } from './electron/appProtocol'
import { serveBridgeOverIpc } from './electron/ipcBridge'
import { openMainWindow } from './electron/mainWindow'
import { denyAllPermissions, guardEveryWebContents } from './electron/webContentsGuards'

const here = dirname(fileURLToPath(import.meta.url))
let mainSide: MainSide | undefined

registerAppScheme(protocol)
guardEveryWebContents(app)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', () => {
    void mainSide?.close()
  })
  app
    .whenReady()
    .then(async () => {
      mainSide = await startMainSide({
        dataDir: app.getPath('userData'),
        localSandbox: localSandboxFromEnv(process.env),
      })
      denyAllPermissions(session.defaultSession)
      serveAppProtocol(protocol, join(here, '../renderer'))
      serveBridgeOverIpc(ipcMain, mainSide.handlers, (context, error) => mainLog.failure(context, error))
      await openMainWindow(BrowserWindow, join(here, '../preload/index.cjs'))
    })
    .catch((error: unknown) => {
      mainLog.failure('start-up', error)
      app.quit()
    })
}
