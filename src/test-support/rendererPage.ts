import { vi } from 'vitest'
import type { BridgeApi } from '../shared/bridge'
import { httpTransport } from '../renderer/src/bridge/httpTransport'
import type { HostSession } from './hostSession'

/**
 * One page of the app for tests in Node: the renderer's own data and background-work modules,
 * loaded afresh (their module state, a page's memory, is its own), on the IndexedDB every page of
 * the test shares (fake-indexeddb), calling the browser host over real HTTP.
 */
export interface RendererPage {
  modules: Awaited<ReturnType<typeof loadModules>>
  /**
   * The page goes, as a reload or a closed tab: its runners stop, and none of its calls in flight
   * or to come ever returns to it (the host still serves them, as it would).
   */
  kill(): void
  /** A piece of the background work comes due now (see backgroundWorks). */
  wake(name: string): void
}

const loadModules = async () => ({
  bridge: await import('../renderer/src/bridge/bridgeClient'),
  database: await import('../renderer/src/data/database/appDatabase'),
  checks: await import('../renderer/src/data/checks/executeCheck'),
  outbox: await import('../renderer/src/data/outbox/outboxRepository'),
  bulk: await import('../renderer/src/data/bulk/bulkJobRepository'),
  cases: await import('../renderer/src/data/cases/caseRepository'),
  rescreen: await import('../renderer/src/work/rescreenRun'),
  listRescreen: await import('../renderer/src/data/rescreen/listRescreen'),
  watches: await import('../renderer/src/data/watch/watchRepository'),
  outboxRunner: await import('../renderer/src/work/outboxRunner'),
  bulkRunner: await import('../renderer/src/work/bulkRunner'),
  recovery: await import('../renderer/src/work/recovery'),
  scheduler: await import('../renderer/src/work/scheduler'),
  backgroundWork: await import('../renderer/src/work/backgroundWork'),
  appRecovery: await import('../renderer/src/work/appRecovery'),
})

const never = new Promise<never>(() => {})

const lag = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * maxLagMs))
/** The longest a call takes on its way, each way. */
const maxLagMs = 40

/**
 * Opens a page on the host, in the browser that holds `session` (every page of one browser shares
 * its cookie), and starts its background work as the app does.
 */
export async function openRendererPage(session: HostSession): Promise<RendererPage> {
  const wire = httpTransport(session)
  let alive = true
  const transport: BridgeApi = {
    invoke: async (method, input) => {
      // A busy page and a busy host: each call takes its time both ways, so that what a page
      // does between a call leaving and arriving (or answering and being read) is seen.
      await lag()
      if (!alive) return never
      const reply = await wire.invoke(method, input)
      await lag()
      // The page went while the call was out: nothing of it runs any more.
      return alive ? reply : never
    },
  }
  vi.resetModules()
  vi.stubGlobal('window', { complianceDesk: transport })
  const modules = await loadModules()
  // Chosen now, while this page's `window` is in place (the app chooses it as it starts).
  modules.bridge.connectBridge()
  // The app's own scheduler of background work, as the page holding its Web Lock runs it.
  const scheduler = modules.scheduler.startScheduler(modules.backgroundWork.backgroundWorks)
  return {
    modules,
    kill: () => {
      alive = false
      scheduler.stop()
    },
    wake: scheduler.wake,
  }
}
