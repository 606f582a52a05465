import type { NotificationConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { fakeEmitter } from '../../test-support/fakeEmitter'
import { notifyChanges } from '../services/notifications/notificationPort'
import { appEntryUrl } from './appProtocol'
import { addressOfRoute, osNotificationPort, type NotifiedWindow } from './osNotifications'

/** Electron's Notification class without Electron: each one made is kept, to be clicked. */
const fakeNotifications = (supported = true) => {
  const made: Array<{ options: NotificationConstructorOptions; shown: boolean; click(): void }> = []
  class FakeNotification {
    static isSupported = () => supported
    private readonly events = fakeEmitter()
    constructor(options: NotificationConstructorOptions) {
      const record = { options, shown: false, click: () => void this.events.emit('click') }
      made.push(record)
      this.show = () => {
        record.shown = true
      }
    }
    on = (name: string, listener: (...args: never[]) => unknown) => {
      this.events.on(name, listener as (...args: unknown[]) => unknown)
      return this as never
    }
    show: () => void
  }
  return { FakeNotification, made }
}

const fakeWindow = (minimized: boolean, url: string) => {
  const window = {
    isMinimized: vi.fn(() => minimized),
    restore: vi.fn(),
    focus: vi.fn(),
    webContents: { getURL: vi.fn(() => url), loadURL: vi.fn(async () => {}) },
  }
  return window satisfies NotifiedWindow
}

describe('OS notifications in Electron', () => {
  it('shows one notice with counts only and, clicked, brings the window forward on Changes', () => {
    const { FakeNotification, made } = fakeNotifications()
    const window = fakeWindow(true, `${appEntryUrl}#/history?text=abc`)
    const port = osNotificationPort(FakeNotification, () => window)
    expect(notifyChanges(port, { count: 2, summary: '1 new hit, 1 hit no longer listed' })).toEqual(
      { shown: true },
    )
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({
      options: { title: '2 watched wallets changed', body: '1 new hit, 1 hit no longer listed' },
      shown: true,
    })
    expect(window.focus).not.toHaveBeenCalled()
    made[0]!.click()
    expect(window.restore).toHaveBeenCalledOnce()
    expect(window.focus).toHaveBeenCalledOnce()
    // Only the fragment changes: the page is not reloaded, its router moves to Changes.
    expect(window.webContents.loadURL).toHaveBeenCalledWith(`${appEntryUrl}#/changes`)
  })

  it('says when the platform shows no notifications, and a click with no window does nothing', () => {
    const unsupported = fakeNotifications(false)
    const none = osNotificationPort(unsupported.FakeNotification, () => undefined)
    expect(notifyChanges(none, { count: 1, summary: '1 new hit' })).toEqual({ shown: false })
    expect(unsupported.made).toHaveLength(0)

    const supported = fakeNotifications()
    const port = osNotificationPort(supported.FakeNotification, () => undefined)
    expect(port.show({ title: 't', body: 'b', opens: '/changes' })).toBe(true)
    expect(() => supported.made[0]!.click()).not.toThrow()
  })

  it('opens a route on the app’s own page whatever the window showed', () => {
    expect(addressOfRoute('', '/changes')).toBe(`${appEntryUrl}#/changes`)
    expect(addressOfRoute('https://elsewhere.example/#/x', '/changes')).toBe(
      `${appEntryUrl}#/changes`,
    )
  })
})
