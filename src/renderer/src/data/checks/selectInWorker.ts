import { databaseName } from '../database/appDatabase'
import type { CheckFilters, CheckSelection } from './checkSelection'

export interface SelectionRequest {
  id: number
  filters: CheckFilters
  /** The page's database (see databasePointer). */
  database: string
}

export type SelectionReply =
  { id: number; selection: CheckSelection } | { id: number; error: string }

interface Waiting {
  resolve: (selection: CheckSelection) => void
  reject: (error: Error) => void
}

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, Waiting>()

function startWorker(): Worker {
  const started = new Worker(new URL('./selectionWorker.ts', import.meta.url), {
    type: 'module',
    name: 'history-selection',
  })
  started.onmessage = ({ data }: MessageEvent<SelectionReply>) => {
    const asked = waiting.get(data.id)
    waiting.delete(data.id)
    if (!asked) return
    if ('error' in data) asked.reject(new Error(`History's search failed: ${data.error}`))
    else asked.resolve(data.selection)
  }
  started.onerror = (event) => {
    // A worker that cannot start or has failed answers nothing more: start another next time.
    worker = undefined
    started.terminate()
    for (const asked of waiting.values()) {
      asked.reject(
        new Error(`History's search could not run (${event.message || 'its worker failed'}).`),
      )
    }
    waiting.clear()
  }
  return started
}

/** `selectChecks` on the app's database, in a worker of its own (see selectionWorker). */
export function selectChecksInWorker(filters: CheckFilters): Promise<CheckSelection> {
  worker ??= startWorker()
  const id = nextId
  nextId += 1
  const running = worker
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    running.postMessage({ id, filters, database: databaseName } satisfies SelectionRequest)
  })
}
