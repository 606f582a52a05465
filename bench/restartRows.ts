import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { startSandbox, type RunningSandbox } from '../src/sandbox/sandboxServer'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { startBrowserHostProcess, type HostProfile } from '../e2e/support/browserHostProcess'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'
import { addBenchHelpers, waitUntilReady } from './appPage'
import { benchRow, timeIt, type BenchRow } from './benchStats'
import { seedChecks } from './historyRows'

const runs = 5
const checkCount = 20_000

interface Profile {
  host: HostProfile
  /** The browser's own profile, where the app's IndexedDB lives. */
  browserDir: string
}

const newProfile = (sandbox: RunningSandbox): Profile => ({
  host: {
    dataDir: testDataDir(),
    keychainService: testKeychainService(),
    local: sandbox.environment('sandbox'),
  },
  browserDir: mkdtempSync(join(tmpdir(), 'cd-bench-browser-')),
})

/**
 * From nothing running to History on screen: the host process starts, the browser opens its
 * profile and the address, and the user opens History. `shown` says what History shows when done.
 */
async function startToHistory(profile: Profile, shown: string): Promise<number> {
  let stop = async (): Promise<void> => {}
  const elapsed = await timeIt(async () => {
    const host = await startBrowserHostProcess(profile.host)
    const context = await chromium.launchPersistentContext(profile.browserDir, {
      ...chromiumLaunchOptions,
      viewport: { width: 1360, height: 860 },
    })
    stop = async () => {
      await context.close()
      await host.stop()
    }
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(host.url)
    await waitUntilReady(page)
    await page.getByTestId('nav-history').click()
    await page.locator(shown).first().waitFor()
  })
  await stop()
  return elapsed
}

/** A profile with `checkCount` checks in History, made through the app's own page. */
async function seededProfile(sandbox: RunningSandbox): Promise<Profile> {
  const profile = newProfile(sandbox)
  const host = await startBrowserHostProcess(profile.host)
  const context = await chromium.launchPersistentContext(profile.browserDir, chromiumLaunchOptions)
  const page = context.pages()[0] ?? (await context.newPage())
  await addBenchHelpers(page)
  await page.goto(host.url)
  await waitUntilReady(page)
  await seedChecks(page, checkCount)
  await context.close()
  await host.stop()
  return profile
}

export async function restartToHistory(): Promise<BenchRow> {
  const sandbox = await startSandbox()
  try {
    const seeded = await seededProfile(sandbox)
    const restart: number[] = []
    const cold: number[] = []
    for (let run = 0; run < runs; run += 1) {
      restart.push(await startToHistory(seeded, '[data-testid="history-row"] .mantine-Badge-root'))
      cold.push(await startToHistory(newProfile(sandbox), '[data-testid="history-screen"]'))
    }
    return benchRow(
      {
        name: `restart until History renders with ${checkCount.toLocaleString()} checks`,
        baselineName: 'cold start of an empty profile until History renders',
        target: 'median < 2000 ms',
      },
      restart,
      cold,
    )
  } finally {
    await sandbox.close()
  }
}
