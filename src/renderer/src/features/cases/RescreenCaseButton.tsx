import { Button, Group } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { countOf, noun } from '../../../../shared/text/counting'
import { useCaseWallets } from '../../data/cases/rescreenQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { lockReason } from '../../../../shared/cases/caseRules'
import { caseRescreenSteps } from '../../data/cases/rescreenCase'
import { RescreenModal } from '../rescreen/RescreenModal'
import { WatchControl } from '../watch/WatchControl'

/** Checks every wallet of the case again and puts what changed on its record. */
export function RescreenCaseButton({ caseRecord }: { caseRecord: CaseRecord }) {
  const wallets = useCaseWallets(caseRecord)
  const actions = useCaseActions()
  // A re-screen a person starts: counted against the cap confirmed in its dialog, not the watches'.
  const steps = useCallback(
    (jobId: string | undefined) => caseRescreenSteps(actions, caseRecord.id, 'rescreen', jobId),
    [actions, caseRecord.id],
  )
  const [opened, setOpened] = useState(false)
  // A closed or imported case is not changed; nor is there anything to re-screen without a wallet.
  if (!wallets || wallets.length === 0 || lockReason(caseRecord)) return null
  return (
    <Group gap="md" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={() => setOpened(true)}
        data-testid="case-rescreen"
      >
        Re-screen {countOf(wallets.length, noun('wallet'))}
      </Button>
      <RescreenModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Re-screen this case’s wallets"
        intro="Each wallet is checked again in the environment it was checked in. What changed since its last check goes on the case’s timeline; decisions on hits that come back are kept."
        wallets={wallets}
        steps={steps}
      />
      <WatchControl
        target={{ kind: 'case', caseId: caseRecord.id }}
        environments={wallets.map((item) => item.environment)}
      />
    </Group>
  )
}
