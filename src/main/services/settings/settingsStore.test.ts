import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { blockReplacing } from '../../../test-support/refusingStorage'
import { openSettingsStore } from './settingsStore'

describe('settings on storage that refuses the change', () => {
  it('says the change was not saved, keeps the current settings and leaves no temporary file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cd-settings-'))
    const settings = await openSettingsStore(dataDir)
    await settings.update((current) => ({ ...current, activeEnvironment: 'sandbox' }))
    blockReplacing(join(dataDir, 'settings.json'))

    await expect(
      settings.update((current) => ({ ...current, activeEnvironment: 'production' })),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message: `The data folder (${dataDir}) could not be written (EISDIR), so this change was not saved. Check the folder and its disk, then try again.`,
    })
    expect(settings.read().activeEnvironment).toBe('sandbox')
    expect(readdirSync(dataDir)).toEqual(['settings.json'])
  })
})
