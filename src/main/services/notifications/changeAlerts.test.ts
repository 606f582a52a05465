import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { openSettingsStore } from '../settings/settingsStore'
import { createChangeAlerts } from './changeAlerts'
import type { NotificationPort } from './notificationPort'

const notice = { count: 2, summary: '1 new hit, 1 hit no longer listed' }

const fakePort = () =>
  ({ supported: () => true, show: vi.fn(() => true) }) satisfies NotificationPort

describe('change alerts', () => {
  it('notify by default, and not once turned off, which a restart remembers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cd-alerts-'))
    const port = fakePort()
    const alerts = createChangeAlerts(await openSettingsStore(dataDir), port)
    expect(alerts.view()).toEqual({ notifyChanges: true, osNotifications: true })
    expect(alerts.notify(notice)).toEqual({ shown: true })
    expect(port.show).toHaveBeenCalledWith({
      title: '2 watched wallets changed',
      body: notice.summary,
      opens: '/changes',
    })

    expect(await alerts.set(false)).toEqual({ notifyChanges: false, osNotifications: true })
    expect(alerts.notify(notice)).toEqual({ shown: false })
    expect(port.show).toHaveBeenCalledOnce()

    const afterRestart = createChangeAlerts(await openSettingsStore(dataDir), fakePort())
    expect(afterRestart.view().notifyChanges).toBe(false)
  })
})
