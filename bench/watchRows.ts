import 'fake-indexeddb/auto'
import { chromium } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { openAppDatabase } from '../src/renderer/src/data/database/appDatabase'
import { changeBetween } from '../src/renderer/src/data/watch/walletChanges'
import { watchFirstLookMeasure } from '../src/shared/watch/watchSchedule'
import { storedCheck, walletRecord } from '../src/test-support/storedChecks'
import { loadAppIn } from './appPage'
import { benchRow, compare, timeIt, type BenchRow } from './benchStats'

const walletCount = 1_000
const runs = 9

const walletOf = (index: number): string => `0x${index.toString(16).padStart(40, '0')}`

/**
 * Each wallet's latest two checks, a third of them with a hit that changed between the two (one
 * record gone, one new, one amount changed), the rest without hits, as a watch's re-screens
 * leave them.
 */
function twoChecksPerWallet() {
  return Array.from({ length: walletCount }, (_, index) => {
    const wallet = walletOf(index)
    const hit = index % 3 === 0
    const earlier = storedCheck(`2026-11-22T08:00:00.000Z_${index}-a`, wallet, {
      sanctions: hit ? [walletRecord(wallet, { amountUsd: ['10.00'] })] : [],
      pep: [],
    })
    const later = storedCheck(`2026-11-23T08:00:00.000Z_${index}-b`, wallet, {
      sanctions: hit ? [walletRecord(wallet, { amountUsd: ['12.00'] })] : [],
      pep: hit && index % 2 === 0 ? [walletRecord(wallet, { topics: ['role.pep'] })] : [],
    })
    return [earlier, later] as const
  })
}

/**
 * The difference of every watched wallet's latest two checks, as the watch runner computes it
 * (`changeBetween`: both checks read by key, then compared), against reading the same checks.
 * In Node over fake-indexeddb: the comparison is the app's own code, and both sides read the
 * same IndexedDB implementation.
 */
async function differencesOf1000Wallets(): Promise<BenchRow> {
  const db = openAppDatabase(`bench-watch-${Date.now()}`)
  const pairs = twoChecksPerWallet()
  await db.checks.bulkPut(pairs.flat())
  const ids = pairs.flatMap(([earlier, later]) => [earlier.localId, later.localId])
  const { measured, baseline } = await compare(
    () =>
      Promise.all(
        pairs.map(([earlier, later]) => changeBetween(db, earlier.localId, later.localId, [])),
      ),
    () => db.checks.bulkGet(ids),
    { warmup: 2, samples: runs },
  )
  db.close()
  await db.delete()
  return benchRow(
    {
      name: `differences of ${walletCount.toLocaleString()} wallets' latest two checks (Node, fake-indexeddb)`,
      baselineName: 'reading those 2,000 checks from IndexedDB',
      target: 'median < 200 ms',
    },
    measured,
    baseline,
  )
}

/**
 * What watching adds to a start: the watch runner's first look for due watches with 1,000
 * watched wallets, none due, measured in the page; against the start itself (the page loaded
 * until the app is ready), in the same runs.
 */
async function watchLookAtStart(): Promise<BenchRow> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext()
    const seeding = await loadAppIn(await context.newPage(), app.url)
    await seeding.evaluate(async (count) => {
      const db = await benchPage.openDb()
      const tx = db.transaction('watches', 'readwrite')
      for (let index = 0; index < count; index += 1) {
        const wallet = `0x${index.toString(16).padStart(40, '0')}`
        tx.objectStore('watches').put({
          kind: 'wallet',
          environment: 'local',
          query: wallet,
          queryKey: wallet,
          id: `wallet|local|${wallet}`,
          cadence: 'daily',
          createdAt: '2026-11-23T08:00:00.000Z',
          createdBy: { name: 'Bench', email: 'bench@example.com', organisation: 'Bench' },
          nextDueAt: '2099-01-01T00:00:00.000Z',
        })
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
      })
      db.close()
    }, walletCount)
    await seeding.close()
    const looks: number[] = []
    const starts: number[] = []
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage()
      starts.push(await timeIt(() => loadAppIn(page, app.url)))
      const look = await page.waitForFunction(
        (name) => performance.getEntriesByName(name)[0]?.duration,
        watchFirstLookMeasure,
      )
      looks.push((await look.jsonValue()) as number)
      await page.close()
    }
    return benchRow(
      {
        name: `the watch runner's first look at a start with ${walletCount.toLocaleString()} watched wallets`,
        baselineName: 'the start itself: page loaded until the app is ready',
        target: 'median < 50 ms',
      },
      looks,
      starts,
    )
  } finally {
    await browser.close()
    await app.stop()
  }
}

export async function watchRows(): Promise<BenchRow[]> {
  return [await differencesOf1000Wallets(), await watchLookAtStart()]
}
