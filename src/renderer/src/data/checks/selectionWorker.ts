import type { AppDatabase } from '../database/appDatabase'
import { openAppDatabase } from '../database/openAppDatabase'
import { selectChecks } from './checkSelection'
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

// A worker has no localStorage, where a page finds its database's name (see databasePointer).
let opened: AppDatabase | undefined

scope.onmessage = ({ data: { id, filters, database } }) => {
  if (opened?.name !== database) opened = openAppDatabase(database)
  selectChecks(opened, filters).then(
    (selection) =>
      // The keys' offsets move to the page rather than being copied.
      scope.postMessage(
        { id, selection },
        selection.kind === 'keys' ? [selection.keys.starts.buffer] : [],
      ),
    (error: unknown) =>
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }, []),
  )
}
