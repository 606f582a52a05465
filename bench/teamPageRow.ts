import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { openRemoteTeamDatabase } from '../src/main/services/team/teamDatabase'
import type { TeamServer } from '../src/test-support/teamServer'
import { openAppPage, takeLongTasks, watchLongTasks, type LongTask } from './appPage'
import { startBenchProcesses, type BenchProcesses } from './benchProcesses'
import { oneReading, type BenchRow } from './benchStats'
import { benchDatabase, passwordOf, type SeededTeam } from './teamSeed'

const longest = (tasks: readonly LongTask[]): number =>
  Math.max(0, ...tasks.map((task) => task.duration))

/** A bridge call from Node, with the host session a browser would hold. */
async function callHost(processes: BenchProcesses, method: string, input: unknown): Promise<void> {
  const response = await fetch(`${processes.appUrl.origin}/bridge/${method}`, {
    method: 'POST',
    headers: { ...processes.nodeSession.headers, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  const reply = (await response.json()) as { ok: boolean; error?: { message: string } }
  if (!reply.ok) throw new Error(`${method}: ${reply.error?.message}`)
}

/** What the page has applied of the team: its shared cases and their trail entries. */
const appliedInPage = (
  page: Page,
): Promise<{ cases: number; documents: number; problems: string[] }> =>
  page.evaluate(async () => {
    const db = await globalThis.benchPage.openDb()
    const rows = (await globalThis.benchPage.readFirst(db, {
      store: 'teamCases',
      limit: 1_000_000,
    })) as Array<{ documents: number; setAside: string[]; missingChecks: string[] }>
    db.close()
    return {
      cases: rows.length,
      documents: rows.reduce((sum, row) => sum + row.documents, 0),
      problems: rows.flatMap((row) => [...row.setAside, ...row.missingChecks]),
    }
  })

/**
 * Row 3: the app in browser mode joins the seeded team; while replication brings its 10,000
 * entries to the host and the page's 1 s turn applies each case, the page's longest task.
 */
export async function teamPageRow(server: TeamServer, seeded: SeededTeam): Promise<BenchRow> {
  const processes = await startBenchProcesses()
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const page = await openAppPage(browser, processes.appUrl.href)
    await callHost(processes, 'identity.setInvestigator', {
      investigator: { name: 'Investigator Dee', email: 'dee@example.org', organisation: 'Example' },
    })
    // Every case document on the server (the seed's and the propagation row's notes): the page
    // has applied the team when it counts as many.
    const served = openRemoteTeamDatabase(`${server.url}${benchDatabase}`, {
      username: server.admin.name,
      password: server.admin.password,
    })
    const expected = (
      await served.allDocs({ startkey: 'entry:case_', endkey: 'entry:case_\ufff0' })
    ).rows.length
    await served.close()
    await watchLongTasks(page)
    const started = performance.now()
    await callHost(processes, 'team.join', {
      serverUrl: server.url,
      database: benchDatabase,
      member: 'dee',
      password: passwordOf('dee'),
    })
    let applied = await appliedInPage(page)
    while (applied.cases < seeded.caseIds.length || applied.documents < expected) {
      if (performance.now() - started > 600_000) {
        throw new Error(`the page applied ${applied.cases} cases in 10 minutes`)
      }
      await page.waitForTimeout(250)
      applied = await appliedInPage(page)
    }
    if (applied.problems.length > 0) {
      throw new Error(`the page set aside or misses: ${applied.problems.slice(0, 5).join('; ')}`)
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const tasks = await takeLongTasks(page)
    return oneReading(
      {
        name: `the page while a desk joins the team (${applied.cases} cases, ${applied.documents} documents applied in ${seconds} s): longest task (${tasks.length} over 50 ms, ${tasks.filter((task) => task.duration > 100).length} over 100)`,
        unit: 'ms',
        baselineName: 'the long-task threshold',
        target: '< 100 ms',
      },
      longest(tasks),
      50,
    )
  } finally {
    await browser.close()
    processes.stop()
  }
}
