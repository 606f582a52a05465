import { Alert } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useDataFolder } from '../data/settings/settingsQueries'

/**
 * Said above every screen while the main side cannot write its data folder: what is kept can be
 * read, and every send or save is refused with the same sentence.
 */
export function ReadOnlyBanner() {
  const dataFolder = useDataFolder().data
  if (dataFolder === undefined || dataFolder.writable) return null
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={18} />}
      title="Compliance Desk is read-only"
      mb="md"
      style={{ flexShrink: 0 }}
      data-testid="read-only-banner"
    >
      {dataFolder.problem}
    </Alert>
  )
}
