import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindowConstructorOptions, IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { BridgeHandlers } from '../../shared/bridge'
import { fakeBridgeHandlers } from '../../test-support/fakeBridgeHandlers'
import { fakeEmitter } from '../../test-support/fakeEmitter'
import { appEntryUrl, isAppUrl, registerAppScheme, serveAppProtocol } from './appProtocol'
import { serveBridgeOverIpc } from './ipcBridge'
import { openMainWindow } from './mainWindow'
import { saveDialogChooser } from './saveDialog'
import { claimSingleInstance } from './singleInstance'
import { denyAllPermissions, guardWebContents } from './webContentsGuards'

const navigationEvent = () => ({ preventDefault: vi.fn() })

describe('the main window', () => {
  it('is created isolated, sandboxed, without Node, and loads the app:// origin', async () => {
    const created: BrowserWindowConstructorOptions[] = []
    const loadURL = vi.fn(async () => {})
    class FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        created.push(options)
      }
      loadURL = loadURL
      once = vi.fn()
      show = vi.fn()
    }
    await openMainWindow(FakeWindow, '/app/preload/index.cjs')
    expect(created[0]?.webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
    expect(loadURL).toHaveBeenCalledWith('app://compliance-desk/index.html')
  })
})

describe('web contents guards', () => {
  it('blocks navigation away from the app, every window.open and every webview', () => {
    const contents = { ...fakeEmitter(), setWindowOpenHandler: vi.fn() }
    guardWebContents(contents as never)
    const away = navigationEvent()
    contents.emit('will-navigate', away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const inside = navigationEvent()
    contents.emit('will-navigate', inside, appEntryUrl)
    expect(inside.preventDefault).not.toHaveBeenCalled()
    const redirect = navigationEvent()
    contents.emit('will-redirect', redirect, 'file:///etc/passwd')
    expect(redirect.preventDefault).toHaveBeenCalled()
    const webview = navigationEvent()
    contents.emit('will-attach-webview', webview)
    expect(webview.preventDefault).toHaveBeenCalled()
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as () => unknown
    expect(openHandler()).toEqual({ action: 'deny' })
  })

  it('denies every permission request and check', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
    denyAllPermissions(session)
    const callback = vi.fn()
    const requestHandler = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void
    requestHandler({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    const checkHandler = session.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean
    expect(checkHandler()).toBe(false)
  })
})

describe('IPC serving', () => {
  const handlers = (): BridgeHandlers =>
    fakeBridgeHandlers({
      'settings.get': async () => ({
        activeEnvironment: 'local' as const,
        keyStorage: { kind: 'session-only' as const, detail: 'x' },
        environments: [],
      }),
    })
  const serve = (bridge: BridgeHandlers) => {
    const ipcMain = { handle: vi.fn() }
    serveBridgeOverIpc(ipcMain, bridge)
    expect(ipcMain.handle).toHaveBeenCalledWith('bridge:invoke', expect.any(Function))
    return ipcMain.handle.mock.calls[0]?.[1] as (
      event: IpcMainInvokeEvent,
      method: unknown,
      input: unknown,
    ) => Promise<unknown>
  }
  const fromFrame = (url: string, parent: unknown = null) =>
    ({ senderFrame: { url, parent } }) as unknown as IpcMainInvokeEvent

  it('serves the top frame of our own origin through the contract', async () => {
    const bridge = handlers()
    const invoke = serve(bridge)
    expect(await invoke(fromFrame(appEntryUrl), 'settings.get', {})).toMatchObject({ ok: true })
    expect(await invoke(fromFrame(appEntryUrl), 'settings.get', { extra: 1 })).toMatchObject({
      ok: false,
      error: { name: 'ValidationError' },
    })
  })

  it('refuses a subframe, a foreign origin and a missing frame without calling the handler', async () => {
    const bridge = handlers()
    const invoke = serve(bridge)
    const refused = [
      fromFrame(appEntryUrl, { url: appEntryUrl }),
      fromFrame('https://evil.example/'),
      fromFrame('file:///tmp/index.html'),
      fromFrame('app://other-host/index.html'),
      { senderFrame: null } as unknown as IpcMainInvokeEvent,
    ]
    for (const event of refused) {
      expect(await invoke(event, 'settings.get', {})).toMatchObject({
        ok: false,
        error: { status: 403 },
      })
    }
    expect(bridge['settings.get']).not.toHaveBeenCalled()
  })
})

describe('the app:// protocol', () => {
  it('is registered as a standard, secure scheme', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() }
    registerAppScheme(protocol)
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
  })

  it('serves renderer files with the CSP, and nothing outside the renderer folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'renderer-'))
    writeFileSync(join(dir, 'index.html'), '<title>app</title>')
    const protocol = { handle: vi.fn() }
    serveAppProtocol(protocol, dir)
    const handler = protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>
    const page = await handler({ url: appEntryUrl, method: 'GET' } as Request)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain('<title>app</title>')
    for (const url of [
      'app://compliance-desk/../../etc/passwd',
      'app://compliance-desk/%2e%2e/secret.html',
      'app://elsewhere/index.html',
    ]) {
      const response = await handler({ url, method: 'GET' } as Request)
      expect(response.status).toBe(404)
    }
    expect(isAppUrl('app://compliance-desk/x')).toBe(true)
    expect(isAppUrl('app://compliance-desk.evil/x')).toBe(false)
  })
})

describe('single instance', () => {
  it('quits a second launch and focuses the first window on its request', () => {
    const focus = vi.fn()
    const first = { ...fakeEmitter(), requestSingleInstanceLock: () => true, quit: vi.fn() }
    expect(claimSingleInstance(first as never, focus)).toBe(true)
    first.emit('second-instance')
    expect(focus).toHaveBeenCalledOnce()
    const second = { ...fakeEmitter(), requestSingleInstanceLock: () => false, quit: vi.fn() }
    expect(claimSingleInstance(second as never, focus)).toBe(false)
    expect(second.quit).toHaveBeenCalledOnce()
  })
})

describe('the export save dialog', () => {
  it('suggests the bundle name in the default folder, for ZIP files, on the focused window', async () => {
    const window = {}
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: '/home/me/case.zip' }))
    const choose = saveDialogChooser({ showSaveDialog }, () => window as never, '/home/me')
    expect(await choose('Case 2026-11-22.zip')).toBe('/home/me/case.zip')
    expect(showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        defaultPath: '/home/me/Case 2026-11-22.zip',
        filters: [{ name: 'Evidence bundle (ZIP)', extensions: ['zip'] }],
      }),
    )
  })

  it('says when it saves a backup rather than evidence', async () => {
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: '/home/me/b.zip' }))
    const choose = saveDialogChooser({ showSaveDialog }, () => null, '/home/me')
    await choose('Compliance Desk backup.zip', 'backup')
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Back up all data',
        filters: [{ name: 'Compliance Desk backup (ZIP)', extensions: ['zip'] }],
      }),
    )
  })

  it('answers null when the user cancels', async () => {
    const showSaveDialog = vi.fn(async () => ({ canceled: true, filePath: '' }))
    const choose = saveDialogChooser({ showSaveDialog }, () => null, '/home/me')
    expect(await choose('Case.zip')).toBeNull()
  })
})
