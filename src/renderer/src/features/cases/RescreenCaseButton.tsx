import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { environmentLabels, isBilledEnvironment } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import { differenceWords } from '../../../../shared/records/differenceWords'
import { useCaseWallets } from '../../data/cases/rescreenQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { lockReason } from '../../data/cases/caseRules'
import { WatchControl } from '../watch/WatchControl'
import { rescreenCase, type RescreenOutcome } from '../../data/cases/rescreenCase'

const wallet = noun('wallet')

/** One wallet's re-screen in a sentence. */
function outcomeSentence(outcome: RescreenOutcome): string {
  if (outcome.kind === 'notRun') return 'not checked: the run stopped before it'
  if (outcome.kind === 'failed') return `not checked: ${outcome.message}`
  const parts = differenceWords({ ...outcome.record, carried: outcome.record.carried.length })
  return parts.length > 0 ? parts.join(', ') : 'nothing changed'
}

/** Checks every wallet of the case again and puts what changed on its record. */
export function RescreenCaseButton({ caseRecord }: { caseRecord: CaseRecord }) {
  const wallets = useCaseWallets(caseRecord)
  const actions = useCaseActions()
  const [opened, setOpened] = useState(false)
  const [billedConfirmed, setBilledConfirmed] = useState(false)
  const [running, setRunning] = useState(false)
  const [outcomes, setOutcomes] = useState<RescreenOutcome[] | undefined>()
  // A closed or imported case is not changed; nor is there anything to re-screen without a wallet.
  if (!wallets || wallets.length === 0 || lockReason(caseRecord)) return null
  const billed = wallets.filter((item) => isBilledEnvironment(item.environment)).length
  const start = async () => {
    setRunning(true)
    const shown: RescreenOutcome[] = wallets.map((item) => ({ wallet: item, kind: 'notRun' }))
    setOutcomes([...shown])
    await rescreenCase(actions, caseRecord.id, wallets, 'rescreen', (outcome, index) => {
      shown[index] = outcome
      setOutcomes([...shown])
    })
    setRunning(false)
  }
  const close = () => {
    if (running) return
    setOpened(false)
    setOutcomes(undefined)
    setBilledConfirmed(false)
  }
  return (
    <Group gap="md" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={() => setOpened(true)}
        data-testid="case-rescreen"
      >
        Re-screen {countOf(wallets.length, wallet)}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Re-screen this case’s wallets"
        size="lg"
        data-testid="rescreen-modal"
      >
        <Stack gap="sm">
          <Text size="sm">
            Each wallet is checked again in the environment it was checked in. What changed since
            its last check goes on the case’s timeline; decisions on hits that come back are kept.
          </Text>
          {billed > 0 && !outcomes && (
            <Alert
              color="orange"
              variant="light"
              title="Billed checks"
              data-testid="rescreen-billed"
            >
              {countOf(billed, noun('check'))} will run in {environmentLabels.production} and be
              billed to your account.
              <Checkbox
                mt="xs"
                label={`Run ${countOf(billed, noun('billed check'))}`}
                checked={billedConfirmed}
                onChange={(event) => setBilledConfirmed(event.currentTarget.checked)}
                data-testid="rescreen-confirm-billed"
              />
            </Alert>
          )}
          {outcomes ? (
            <List size="sm" spacing={4} data-testid="rescreen-outcomes">
              {outcomes.map((outcome) => (
                <List.Item
                  key={`${outcome.wallet.environment}|${outcome.wallet.queryKey}`}
                  data-testid="rescreen-outcome"
                  data-kind={outcome.kind}
                >
                  <Text span ff="monospace" size="sm">
                    {outcome.wallet.query}
                  </Text>{' '}
                  — {running && outcome.kind === 'notRun' ? 'waiting…' : outcomeSentence(outcome)}
                </List.Item>
              ))}
            </List>
          ) : (
            <Button
              onClick={() => void start()}
              disabled={billed > 0 && !billedConfirmed}
              data-testid="rescreen-start"
            >
              Re-screen {countOf(wallets.length, wallet)}
            </Button>
          )}
          {outcomes && !running && (
            <Button variant="default" onClick={close} data-testid="rescreen-close">
              Close
            </Button>
          )}
        </Stack>
      </Modal>
      <WatchControl
        target={{ kind: 'case', caseId: caseRecord.id }}
        environments={wallets.map((item) => item.environment)}
      />
    </Group>
  )
}
