import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { startBenchProcesses, type BenchProcesses } from './benchProcesses'
import { benchRow, compare, type BenchRow } from './benchStats'

const rounds = 10
const perRound = 50

/** Median of `count` sequential calls of `fn`, timed inside the page so only the page's own work counts. */
const inPageLoop = (fn: string) => `async (count) => {
  const times = []
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    await (${fn})()
    times.push(performance.now() - started)
  }
  return times
}`

/**
 * What the renderer sees in browser mode: `entities.list` of 100 through the bridge and the host,
 * against a raw fetch of the same sandbox endpoint from a page of the sandbox's own origin, both
 * in Chromium, alternating in rounds so drift hits both alike.
 */
async function fromTheRenderer(processes: BenchProcesses): Promise<BenchRow> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const appPage = await browser.newPage()
    await appPage.goto(processes.appUrl.toString())
    await appPage.locator('html[data-app-state="ready"]').waitFor()
    const sandboxPage = await browser.newPage()
    await sandboxPage.goto(new URL('v2/api/', processes.local.baseUrl).toString())
    const viaBridge = inPageLoop(`async () => {
      const response = await fetch('/bridge/entities.list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1,"limit":100}' })
      const reply = await response.json()
      if (!reply.ok || reply.data.items.length !== 100) throw new Error('bridge listing failed')
    }`)
    const rawFetch = inPageLoop(`async () => {
      const response = await fetch('/v2/api/entities?page=1&limit=100', { headers: { token: '${processes.local.secretKey}' } })
      const body = await response.json()
      if (body.data.list.length !== 100) throw new Error('raw listing failed')
    }`)
    const measured: number[] = []
    const baseline: number[] = []
    await appPage.evaluate(`(${viaBridge})(${perRound})`)
    await sandboxPage.evaluate(`(${rawFetch})(${perRound})`)
    for (let round = 0; round < rounds; round += 1) {
      measured.push(...(await appPage.evaluate<number[]>(`(${viaBridge})(${perRound})`)))
      baseline.push(...(await sandboxPage.evaluate<number[]>(`(${rawFetch})(${perRound})`)))
    }
    return benchRow(
      {
        name: 'list 100 entities from the renderer: bridge + browser host (Chromium)',
        baselineName: 'raw fetch of the sandbox endpoint (Chromium)',
        target: 'ratio ≤ 1.25',
      },
      measured,
      baseline,
    )
  } finally {
    await browser.close()
  }
}

/** The same comparison from Node's fetch, where the host's own cost is not hidden by the browser's. */
async function fromNode(processes: BenchProcesses): Promise<BenchRow> {
  const viaBridge = async () => {
    const response = await fetch(`${processes.appUrl.origin}/bridge/entities.list`, {
      method: 'POST',
      headers: { ...processes.nodeSession.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: 100 }),
    })
    const reply = (await response.json()) as { ok: boolean; data: { items: unknown[] } }
    if (!reply.ok || reply.data.items.length !== 100) throw new Error('bridge listing failed')
  }
  const rawFetch = async () => {
    const response = await fetch(
      new URL('v2/api/entities?page=1&limit=100', processes.local.baseUrl),
      {
        headers: { token: processes.local.secretKey },
      },
    )
    const body = (await response.json()) as { data: { list: unknown[] } }
    if (body.data.list.length !== 100) throw new Error('raw listing failed')
  }
  const samples = await compare(viaBridge, rawFetch, { warmup: 100, samples: 500 })
  return benchRow(
    {
      name: 'list 100 entities from Node: bridge + browser host',
      baselineName: 'raw fetch of the sandbox endpoint (Node)',
      target: 'informative: the host hop unmasked',
    },
    samples.measured,
    samples.baseline,
  )
}

export async function entityListThroughBridge(): Promise<BenchRow[]> {
  const processes = await startBenchProcesses()
  try {
    return [await fromTheRenderer(processes), await fromNode(processes)]
  } finally {
    processes.stop()
  }
}
