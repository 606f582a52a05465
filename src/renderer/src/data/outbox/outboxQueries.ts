import { useLiveQuery } from 'dexie-react-hooks'
import { appDatabase, type OutboxItem } from '../database/appDatabase'

/** The outbox's items of one kind, by state and then by when they were queued. */
export const useOutboxItems = (kind: OutboxItem['kind']): OutboxItem[] | undefined =>
  useLiveQuery(
    async () =>
      (await appDatabase.outbox.orderBy('[state+queuedAt]').toArray()).filter(
        (item) => item.kind === kind,
      ),
    [kind],
  )
