import type { AppDatabase } from '../database/appDatabase'
import type { SelectionReply, SelectionRequest } from './selectInWorker'

/**
 * History's filtered selection, worked out off the page's thread: reading tens of thousands of
 * index keys and sorting them took the page for a hundred milliseconds a keystroke at 200,000
 * checks. This worker has its own connection to the page's database, which the page names.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SelectionRequest>) => void) | null
  postMessage(reply: SelectionReply, transfer: Transferable[]): void
}

// The data layer waits at load for the name of the app's database (a top-level await), and a
// message that came meanwhile would find no handler: the handler is set first, and waits for it.
const loaded = Promise.all([import('./checkSelection'), import('../database/openAppDatabase')])
let opened: AppDatabase | undefined

scope.onmessage = ({ data: { id, filters, database } }) => {
  loaded
    .then(([{ selectChecks }, { openAppDatabase }]) => {
      if (opened?.name !== database) opened = openAppDatabase(database)
      return selectChecks(opened, filters)
    })
    .then(
      (selection) =>
        // The keys' offsets move to the page rather than being copied.
        scope.postMessage(
          { id, selection },
          selection.kind === 'keys' ? [selection.keys.starts.buffer] : [],
        ),
      (error: unknown) =>
        scope.postMessage(
          { id, error: error instanceof Error ? error.message : String(error) },
          [],
        ),
    )
}
