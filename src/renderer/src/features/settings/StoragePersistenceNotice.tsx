import { Alert } from '@mantine/core'
import { IconDatabase, IconDatabaseExclamation } from '@tabler/icons-react'
import { useStoragePersistence } from '../../data/storagePersistence'

/** Where checks, cases and entities live, and whether the browser promised to keep them. */
export function StoragePersistenceNotice() {
  const state = useStoragePersistence().data
  if (state === undefined) return null
  const kept = state === 'persistent'
  return (
    <Alert
      color={kept ? 'gray' : 'orange'}
      variant="light"
      icon={kept ? <IconDatabase size={18} /> : <IconDatabaseExclamation size={18} />}
      title={
        kept
          ? 'Checks, cases and entities are kept until you delete them'
          : 'This browser may clear checks, cases and entities when disk space runs low'
      }
      data-testid="storage-persistence"
      data-state={state}
    >
      {kept
        ? 'They are stored on this computer, and the browser has agreed not to clear them on its own.'
        : state === 'best-effort'
          ? 'The browser did not grant persistent storage to this page. Use the desktop app, or keep this address bookmarked in Chromium so it grants it, and export cases you must keep.'
          : 'This browser cannot say whether it keeps them. Use the desktop app, and export cases you must keep.'}
    </Alert>
  )
}
