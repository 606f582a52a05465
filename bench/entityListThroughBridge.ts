import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { startBenchProcesses, type BenchProcesses } from './benchProcesses'
import { benchRow, compare, type BenchRow } from './benchStats'
import { bridgeHttpPathPrefix } from '../src/shared/bridge'
import { bridgeSocketPath } from '../src/shared/bridge/socketFrames'

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
 * by the page's socket (how its transport sends small calls) and by HTTP (how it sends large ones),
 * against a raw fetch of the same sandbox endpoint from a page of the sandbox's own origin, both
 * in Chromium, alternating in rounds so drift hits both alike.
 */
async function fromTheRenderer(processes: BenchProcesses): Promise<BenchRow[]> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const appPage = await browser.newPage()
    await appPage.goto(processes.appUrl.toString())
    await appPage.locator('html[data-app-state="ready"]').waitFor()
    const sandboxPage = await browser.newPage()
    await sandboxPage.goto(new URL('v2/api/', processes.local.baseUrl).toString())
    // The page's socket as its transport opens it (socketTransport): one frame per call, its answer by id.
    await appPage.evaluate(`new Promise((resolve, reject) => {
      const socket = new WebSocket(location.origin.replace('http', 'ws') + '${bridgeSocketPath}')
      const waiting = new Map()
      let nextId = 0
      socket.onmessage = (event) => {
        const answer = JSON.parse(event.data)
        waiting.get(answer.id)(answer.reply)
        waiting.delete(answer.id)
      }
      socket.onopen = () => {
        window.benchBridgeCall = (method, input) => new Promise((settle) => {
          const id = nextId++
          waiting.set(id, settle)
          socket.send(JSON.stringify({ id, method, input }))
        })
        resolve()
      }
      socket.onerror = () => reject(new Error('the bridge socket did not open'))
    })`)
    const viaBridge = inPageLoop(`async () => {
      const reply = await window.benchBridgeCall('entities.list', { page: 1, limit: 100 })
      if (!reply.ok || reply.data.items.length !== 100) throw new Error('bridge listing failed')
    }`)
    const viaHttp = inPageLoop(`async () => {
      const response = await fetch('${bridgeHttpPathPrefix}entities.list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1,"limit":100}' })
      const reply = await response.json()
      if (!reply.ok || reply.data.items.length !== 100) throw new Error('bridge listing failed')
    }`)
    const rawFetch = inPageLoop(`async () => {
      const response = await fetch('/v2/api/entities?page=1&limit=100', { headers: { token: '${processes.local.secretKey}' } })
      const body = await response.json()
      if (body.data.list.length !== 100) throw new Error('raw listing failed')
    }`)
    const measured: number[] = []
    const byHttp: number[] = []
    const baseline: number[] = []
    await appPage.evaluate(`(${viaBridge})(${perRound})`)
    await appPage.evaluate(`(${viaHttp})(${perRound})`)
    await sandboxPage.evaluate(`(${rawFetch})(${perRound})`)
    for (let round = 0; round < rounds; round += 1) {
      measured.push(...(await appPage.evaluate<number[]>(`(${viaBridge})(${perRound})`)))
      byHttp.push(...(await appPage.evaluate<number[]>(`(${viaHttp})(${perRound})`)))
      baseline.push(...(await sandboxPage.evaluate<number[]>(`(${rawFetch})(${perRound})`)))
    }
    const baselineName = 'raw fetch of the sandbox endpoint (Chromium)'
    return [
      benchRow(
        {
          name: 'list 100 entities from the renderer: bridge socket + browser host (Chromium)',
          baselineName,
          target: 'ratio ≤ 1.25',
        },
        measured,
        baseline,
      ),
      benchRow(
        {
          name: 'the same call by the bridge over HTTP, as large inputs go (Chromium)',
          baselineName,
          target: 'informative: what the socket saves',
        },
        byHttp,
        baseline,
      ),
    ]
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
    return [...(await fromTheRenderer(processes)), await fromNode(processes)]
  } finally {
    processes.stop()
  }
}
