import { Button, Group, Paper, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { countOf, noun } from '../../../../shared/text/counting'
import { listRescreenSteps } from '../../data/rescreen/listRescreen'
import { useWalletsOfChecks } from '../../data/rescreen/rescreenQueries'
import { RescreenModal } from '../rescreen/RescreenModal'
import { historyActions, useHistoryStore } from './store'

/** What can be done with the chosen rows: re-screen their wallets, or let them go. */
export function HistoryRescreen() {
  const selected = useHistoryStore((state) => state.selected)
  const localIds = useMemo(() => [...selected], [selected])
  const wallets = useWalletsOfChecks(localIds)
  const [opened, setOpened] = useState(false)
  if (selected.size === 0) return null
  return (
    <Paper withBorder radius="sm" px="sm" py={6} data-testid="history-selection">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {countOf(selected.size, noun('check'))} selected
          {wallets && wallets.length !== selected.size
            ? ` (${countOf(wallets.length, noun('wallet'))})`
            : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={historyActions.clearSelection}>
            Clear selection
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setOpened(true)}
            data-testid="history-rescreen"
          >
            Re-screen selected
          </Button>
        </Group>
      </Group>
      <RescreenModal
        opened={opened}
        onClose={(ran) => {
          setOpened(false)
          // Done with: the later checks are at the top of History.
          if (ran) historyActions.clearSelection()
        }}
        title="Re-screen the selected wallets"
        intro="Each wallet is checked again in the environment it was checked in and compared with its check just before. New and removed hits go to Changes, as a watch’s do."
        wallets={wallets}
        steps={listRescreenSteps}
        changesInInbox
      />
    </Paper>
  )
}
