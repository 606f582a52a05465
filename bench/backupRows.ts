import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { launchBrowserModeApp } from '../e2e/support/browserModeApp'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { loadAppIn, timeInPage } from './appPage'
import { termsPending } from '../src/renderer/src/data/checks/deferredSearchTerms'
import { benchRow, compare, oneReading, type BenchRow } from './benchStats'
import { seedChecks, seededCheckKey } from './historyRows'
import { appPagesOn } from '../e2e/pages/appPages'
import { investigator } from '../e2e/pages/investigatorForm'
import { gibibyteBomb, writeBombed } from '../e2e/support/bombedBackup'

const checkCount = 20_000
const caseCount = 1_000
const runs = 5

/** Cases written the way the case repository stores them, each linking 20 of the seeded checks. */
const seedCases = (page: Page) =>
  page.evaluate(
    async ({ caseCount, checkIds }) => {
      const db = await benchPage.openDb()
      const tx = db.transaction('cases', 'readwrite')
      const at = new Date('2026-06-01T00:00:00.000Z').toISOString()
      for (let index = 0; index < caseCount; index += 1) {
        tx.objectStore('cases').put({
          id: `case_bench-${index}`,
          title: `Bench case ${index}`,
          subject: `Subject ${index}`,
          description: 'Opened by the bench.',
          state: 'open',
          createdAt: at,
          updatedAt: at,
          checkIds: checkIds.slice(
            (index * 20) % checkIds.length,
            ((index * 20) % checkIds.length) + 20,
          ),
          entityKeys: [],
        })
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
      })
      db.close()
    },
    {
      caseCount,
      checkIds: Array.from({ length: checkCount }, (_, index) => seededCheckKey(index)),
    },
  )

/** The baseline: every row of every store read straight from IndexedDB, a thousand at a time. */
const rawReadOfAllRows = (page: Page) =>
  page.evaluate(async () => {
    const db = await benchPage.openDb()
    const names = Array.from(db.objectStoreNames)
    const tx = db.transaction(names, 'readonly')
    let rows = 0
    for (const name of names) {
      const store = tx.objectStore(name)
      let range: IDBKeyRange | null = null
      for (;;) {
        const batch = await new Promise<unknown[]>((resolve, reject) => {
          const request = store.getAll(range, 1000)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
        })
        rows += batch.length
        if (batch.length < 1000) break
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = store.getAllKeys(range, 1000)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
        })
        range = IDBKeyRange.lowerBound(keys[keys.length - 1]!, true)
      }
    }
    db.close()
    return rows
  })

/**
 * A second baseline for the restore: the same rows written straight into a new IndexedDB database
 * of the same schema, as a restore writes them (checks with the placeholder for their search
 * entries, which are derived afterwards; one transaction), timing the write alone. On this kind of
 * machine writing rows with their indexes costs many times reading them.
 */
const rawWriteOfAllRows = (page: Page) =>
  page.evaluate(async (pending) => {
    const db = await benchPage.openDb()
    const names = Array.from(db.objectStoreNames)
    const read = db.transaction(names, 'readonly')
    const schema = names.map((name) => {
      const store = read.objectStore(name)
      return {
        name,
        keyPath: store.keyPath,
        autoIncrement: store.autoIncrement,
        indexes: Array.from(store.indexNames).map((indexName) => {
          const index = store.index(indexName)
          return {
            name: indexName,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          }
        }),
      }
    })
    const rows = await Promise.all(
      names.map(
        (name) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = read.objectStore(name).getAll()
            request.onsuccess = () =>
              resolve(
                name === 'checks'
                  ? (request.result as object[]).map((row) => ({ ...row, searchTerms: [pending] }))
                  : request.result,
              )
            request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
          }),
      ),
    )
    db.close()
    const target = `bench-raw-write-${Date.now()}`
    const created = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(target, 1)
      request.onupgradeneeded = () => {
        for (const store of schema) {
          const made = request.result.createObjectStore(store.name, {
            keyPath: store.keyPath,
            autoIncrement: store.autoIncrement,
          })
          for (const index of store.indexes) {
            made.createIndex(index.name, index.keyPath, {
              unique: index.unique,
              multiEntry: index.multiEntry,
            })
          }
        }
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'))
    })
    const started = performance.now()
    const write = created.transaction(names, 'readwrite')
    names.forEach((name, index) => {
      const store = write.objectStore(name)
      for (const row of rows[index] ?? []) store.put(row)
    })
    await new Promise<void>((resolve, reject) => {
      write.oncomplete = () => resolve()
      write.onerror = () => reject(write.error ?? new Error('IndexedDB write failed'))
    })
    const elapsed = performance.now() - started
    created.close()
    await new Promise((resolve) => {
      indexedDB.deleteDatabase(target).onsuccess = resolve
    })
    return elapsed
  }, termsPending)

/**
 * Milliseconds from now until no restored check waits for its search entries (the app derives
 * them in the background after a restore), looked at every 50 ms.
 */
const untilSearchable = (page: Page) =>
  page.evaluate(async (pending) => {
    const started = performance.now()
    const db = await benchPage.openDb()
    const waiting = () =>
      new Promise<number>((resolve, reject) => {
        const request = db
          .transaction('checks')
          .objectStore('checks')
          .index('searchTerms')
          .count(IDBKeyRange.only(pending))
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
      })
    while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 50))
    db.close()
    return performance.now() - started
  }, termsPending)

/**
 * The seeded checks as the app writes them: the History seed gives every check's evidence the
 * Local environment, which a restore refuses for a check of another (its row schema), so each
 * check's evidence is put in the check's own environment.
 */
const alignEvidenceEnvironments = (page: Page) =>
  page.evaluate(async () => {
    const db = await benchPage.openDb()
    const tx = db.transaction('checks', 'readwrite')
    const cursor = tx.objectStore('checks').openCursor()
    await new Promise<void>((resolve, reject) => {
      cursor.onsuccess = () => {
        const current = cursor.result
        if (!current) return resolve()
        const row = current.value as { environment: string; evidence?: { environment: string } }
        if (row.evidence && row.evidence.environment !== row.environment) {
          current.update({ ...row, evidence: { ...row.evidence, environment: row.environment } })
        }
        current.continue()
      }
      cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB write failed'))
    })
    db.close()
  })

/**
 * Every row of every store, as a digest per store (its count and an FNV-1a hash of its rows in key
 * order), leaving out what a restore writes anew by design: checks' search entries (derived again
 * afterwards) and the outbox's state and message (restored work is held).
 */
const contentOf = (page: Page) =>
  page.evaluate(async () => {
    const db = await benchPage.openDb()
    const names = Array.from(db.objectStoreNames)
    const tx = db.transaction(names, 'readonly')
    const digest: Record<string, string> = {}
    for (const name of names) {
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = tx.objectStore(name).getAll()
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[])
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'))
      })
      let hash = 0x811c9dc5
      for (const row of rows) {
        const kept = { ...row }
        if (name === 'checks') delete kept.searchTerms
        if (name === 'outbox') {
          delete kept.state
          delete kept.message
        }
        const text = JSON.stringify(kept)
        for (let index = 0; index < text.length; index += 1) {
          hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
        }
      }
      digest[name] = `${rows.length} rows, ${(hash >>> 0).toString(16)}`
    }
    db.close()
    return digest
  })

/** Throws unless the page's data is `expected`: a restore is timed only when it is right. */
async function expectContent(page: Page, expected: Record<string, string>, after: string) {
  const found = await contentOf(page)
  const differs = Object.keys({ ...expected, ...found }).filter(
    (name) => expected[name] !== found[name],
  )
  if (differs.length > 0) {
    throw new Error(
      `After ${after}, ${differs.map((name) => `${name} holds ${found[name] ?? 'nothing'} where ${expected[name] ?? 'nothing'} was backed up`).join('; ')}.`,
    )
  }
}

/** Resident memory now of a process (Linux), in MB. */
const rssMb = (pid: number): number => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? 0) / 1024
}

/** The highest resident memory of the browser's renderers and of the host while `work` runs. */
async function peakMemoryDuring(
  browser: Browser,
  hostPid: number,
  work: () => Promise<unknown>,
): Promise<{ renderer: number; host: number; rendererBefore: number }> {
  const cdp = await browser.newBrowserCDPSession()
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[]
  }
  const renderers = info.processInfo.filter((process) => process.type === 'renderer')
  const peak = { renderer: 0, host: 0, rendererBefore: 0 }
  const sample = () => {
    for (const { id } of renderers) {
      try {
        peak.renderer = Math.max(peak.renderer, rssMb(id))
      } catch {
        // A renderer that has gone away since the list was taken.
      }
    }
    peak.host = Math.max(peak.host, rssMb(hostPid))
  }
  sample()
  peak.rendererBefore = peak.renderer
  const timer = setInterval(sample, 20)
  try {
    await work()
  } finally {
    clearInterval(timer)
    sample()
    await cdp.detach()
  }
  return peak
}

const memoryRow = (
  doing: string,
  peak: { renderer: number; host: number; rendererBefore: number },
): BenchRow =>
  oneReading(
    {
      name: `peak resident memory of the renderer (Chromium tab) ${doing} it; the main side's peak was ${peak.host.toFixed(0)} MB`,
      unit: 'MB',
      baselineName: 'the same tab just before',
      target: '< 500 MB',
    },
    peak.renderer,
    peak.rendererBefore,
  )

/**
 * Opens Settings afresh and chooses `file` to restore from, as an investigator does; returns when
 * it was chosen (performance.now()), where a restore's timing starts.
 */
async function chooseBackupIn(page: Page, file: string): Promise<number> {
  await page.getByTestId('nav-search').click()
  await page.getByTestId('nav-settings').click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByTestId('restore-choose').click()
  const chosen = await chooser
  const started = performance.now()
  await chosen.setFiles(file)
  return started
}

/**
 * Restores `file` through Settings as an investigator does: ms from the file chosen (as the backup
 * is timed from its click: going to Settings is not part of it) to "restored".
 */
async function restoreIn(page: Page, file: string): Promise<number> {
  const started = await chooseBackupIn(page, file)
  await page.getByTestId('restore-start').click()
  // Asked only where there is data to replace.
  const replace = page.getByTestId('restore-confirm-replace')
  const done = page.getByTestId('restore-done')
  await replace.or(done).waitFor({ timeout: 120_000 })
  if (await replace.isVisible()) await replace.click()
  await done.waitFor({ timeout: 120_000 })
  return performance.now() - started
}

/**
 * ms from choosing `file` in Settings to the restore's answer: "restore-verified" (checked whole)
 * or "restore-refused", whose sentence must match `refusal`.
 */
async function verifyIn(page: Page, file: string, refusal?: RegExp): Promise<number> {
  const started = await chooseBackupIn(page, file)
  const answer = page.getByTestId(refusal ? 'restore-refused' : 'restore-verified')
  await answer.waitFor({ timeout: 120_000 })
  const elapsed = performance.now() - started
  const said = (await answer.textContent()) ?? ''
  if (refusal && !refusal.test(said)) throw new Error(`The restore said: ${said}`)
  return elapsed
}

/**
 * Hostile copies of the genuine backup `file` (see bombedBackup), each refused in Settings: ms
 * from choosing it to the refusal, and the tab's peak memory meanwhile, against the same tab
 * checking the genuine file.
 */
async function bombRefusals(
  browser: Browser,
  hostPid: number,
  page: Page,
  file: string,
  folder: string,
): Promise<BenchRow[]> {
  const backup = readFileSync(file)
  const bomb = gibibyteBomb()
  const declaredAtGiB = join(folder, 'declared-1-GiB.zip')
  writeBombed(declaredAtGiB, backup, bomb, () => 1024 ** 3)
  const inflatesToGiB = join(folder, 'inflates-to-1-GiB.zip')
  writeBombed(inflatesToGiB, backup, bomb, (genuine) => genuine)
  // A file near the size cap, nearly all of it an entry backup.json does not list: the restore
  // reads the file's records, never the file whole.
  const padding = new Uint8Array(350 * 1024 * 1024)
  const large = join(folder, 'large-unlisted.zip')
  writeBombed(large, backup, bomb, (genuine) => genuine, [
    { name: 'padding.bin', method: 0, data: padding, crc: 0, declared: padding.length },
  ])
  const genuine: number[] = []
  for (let run = 0; run < 3; run += 1) genuine.push(await verifyIn(page, file))
  const baselineName = 'the same tab checking the genuine backup, choosing it to "checked"'
  const rows: BenchRow[] = []
  for (const [what, bombFile, refusal] of [
    [
      'an entry the ZIP declares at 1 GiB (backup.json, signed, declares its true size)',
      declaredAtGiB,
      /is declared as 1,073,741,824 bytes by the ZIP and [\d,]+ by backup\.json/,
    ],
    [
      'an entry declared at its true size that inflates to 1 GiB',
      inflatesToGiB,
      /is damaged and cannot be read \(\S+ inflates to more than its directory declares\)/,
    ],
    [
      'a 350 MiB file, nearly all an entry backup.json does not list',
      large,
      /holds padding\.bin, which its backup\.json does not list/,
    ],
  ] as const) {
    let elapsed = 0
    const peak = await peakMemoryDuring(browser, hostPid, async () => {
      elapsed = await verifyIn(page, bombFile, refusal)
    })
    rows.push(
      oneReading(
        {
          name: `restore refuses ${what}, choosing it to the refusal`,
          unit: 'ms',
          baselineName,
          target: '< 2,000 ms',
        },
        elapsed,
        genuine.sort((a, b) => a - b)[1]!,
      ),
      memoryRow(`refusing ${what}`, peak),
    )
  }
  return rows
}

/**
 * The app in a tab of its own, opened once the tab that seeded its data is closed: building
 * 20,000 rows in a page left that tab's renderer hundreds of MB larger, which is the bench's
 * memory, not the app's.
 */
async function seededAppPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
  const seeding = await loadAppIn(await context.newPage(), url)
  await seedChecks(seeding, checkCount)
  await seedCases(seeding)
  await alignEvidenceEnvironments(seeding)
  await seeding.close()
  return loadAppIn(await context.newPage(), url)
}

/**
 * Backup and restore as the investigator runs them in Settings, at 20,000 checks and 1,000 cases:
 * the backup from the click to "written" (IndexedDB → host → ZIP), the restore from choosing the
 * file to "restored" (checked whole, confirmed, written into a new database in one transaction,
 * the page reloaded onto it), each against a raw
 * IndexedDB read of the same rows in the same run.
 */
export async function backupAtScale(): Promise<BenchRow[]> {
  const app = await launchBrowserModeApp()
  const browser = await chromium.launch(chromiumLaunchOptions)
  const folder = mkdtempSync(join(tmpdir(), 'cd-bench-backup-'))
  try {
    const page = await seededAppPage(browser, app.url)
    // A backup is signed by who works here: said once, as a person would, where the first New
    // case asks it (Settings' card keeps its form in view once saved, so it says no "saved").
    const { cases } = appPagesOn(page)
    await cases.open()
    await cases.sayWhoIAm(investigator)
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('backup-card').waitFor()
    const backedUp = await contentOf(page)
    let file = ''
    const derivations: number[] = []
    const backUp = async (): Promise<number> => {
      // Back to Settings afresh, so the last result is gone and "written" is this run's.
      await page.getByTestId('nav-search').click()
      await page.getByTestId('nav-settings').click()
      await page.getByTestId('backup-start').waitFor()
      const download = page.waitForEvent('download')
      const elapsed = await timeInPage(
        page,
        { click: '[data-testid="backup-start"]' },
        '[data-testid="backup-done"]',
      )
      file = join(folder, `backup-${Date.now()}.zip`)
      await (await download).saveAs(file)
      return elapsed
    }
    const restore = async (): Promise<number> => {
      const elapsed = await restoreIn(page, file)
      // Each restore starts once the last one's checks are searchable again: the background
      // work of one would otherwise be timed as part of the next.
      derivations.push(await untilSearchable(page))
      return elapsed
    }
    /** Restores, then checks that every row came back (outside the time and memory measured). */
    const restoreRight = async (): Promise<number> => {
      const elapsed = await restore()
      await expectContent(page, backedUp, 'a restore')
      return elapsed
    }
    /** The restore onto another computer or profile: a new context's storage, empty until then. */
    const restoreIntoFreshProfile = async (): Promise<number> => {
      const fresh = await browser.newContext({ viewport: { width: 1360, height: 860 } })
      try {
        const freshPage = await loadAppIn(await fresh.newPage(), await app.newLaunchAddress())
        const elapsed = await restoreIn(freshPage, file)
        await untilSearchable(freshPage)
        await expectContent(freshPage, backedUp, 'a restore into a fresh profile')
        return elapsed
      } finally {
        await fresh.close()
      }
    }
    // Memory first, in the tab as the app left it: once the runs below and their baselines have
    // read every row many times over, the tab keeps hundreds of MB it no longer uses.
    const backupMemory = await peakMemoryDuring(browser, app.hostPid, backUp)
    const restoreMemory = await peakMemoryDuring(browser, app.hostPid, restore)
    await expectContent(page, backedUp, 'the restore whose memory was measured')
    const refusals = await bombRefusals(browser, app.hostPid, page, file, folder)
    const backupTimes: number[] = []
    const backups = await compare(
      async () => backupTimes.push(await backUp()),
      () => rawReadOfAllRows(page),
      { warmup: 1, samples: runs },
    )
    const restoreSamples = 3
    const restoreTimes: number[] = []
    const restores = await compare(
      async () => restoreTimes.push(await restoreRight()),
      () => rawReadOfAllRows(page),
      { warmup: 0, samples: restoreSamples },
    )
    const freshTimes: number[] = []
    const freshRestores = await compare(
      async () => freshTimes.push(await restoreIntoFreshProfile()),
      () => rawReadOfAllRows(page),
      { warmup: 0, samples: restoreSamples },
    )
    const rawWrites: number[] = []
    for (let run = 0; run < restoreSamples; run += 1) rawWrites.push(await rawWriteOfAllRows(page))
    const rows = await rawReadOfAllRows(page)
    const megabytes = readFileSync(file).length / 1024 / 1024
    const what = `${checkCount.toLocaleString()} checks and ${caseCount.toLocaleString()} cases (${rows.toLocaleString()} rows, a ${megabytes.toFixed(1)} MB file)`
    const baselineName = 'raw IndexedDB read of every row, 1,000 at a time'
    return [
      benchRow(
        {
          name: `back up ${what}, click to "written"`,
          baselineName,
          target: 'ratio ≤ 2',
        },
        backupTimes.slice(-runs),
        backups.baseline,
      ),
      benchRow(
        {
          name: `restore it over the profile it was made from (every row replaced), choosing the file to "restored" (checked, confirmed, written into a new database, the page started again on it)`,
          baselineName,
          target: 'ratio ≤ 3',
        },
        restoreTimes,
        restores.baseline,
      ),
      benchRow(
        {
          name: 'the same restore into a fresh profile (another computer), nothing there to replace',
          baselineName,
          target: 'ratio ≤ 3',
        },
        freshTimes,
        freshRestores.baseline,
      ),
      benchRow(
        {
          name: 'the same restore (replacing the same rows)',
          baselineName:
            'raw IndexedDB write of every row as a restore writes it, into a new database (checks without search entries, one transaction)',
          target: 'ratio ≤ 3',
        },
        restoreTimes,
        rawWrites,
      ),
      benchRow(
        {
          name: 'after a restore, its checks made searchable again (search entries derived in the background)',
          baselineName,
          target: 'informative: History finds restored checks by fragments only after this',
        },
        derivations,
        restores.baseline,
      ),
      memoryRow('backing up', backupMemory),
      memoryRow('restoring', restoreMemory),
      ...refusals,
    ]
  } finally {
    await browser.close()
    await app.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}
