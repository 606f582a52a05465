import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { useRef, useState, type ReactNode } from 'react'
import { environmentLabels, isBilledEnvironment } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import {
  rescreenWallets,
  type RescreenOutcome,
  type RescreenSteps,
  type RescreenWallet,
} from '../../data/rescreen/rescreenWallets'
import { RescreenOutcomeList } from './RescreenOutcomeList'
import { RescreenSummary } from './RescreenSummary'

const wallet = noun('wallet')

/**
 * A re-screen of some wallets in a dialog: what it does, the confirmation billed checks need,
 * then each wallet's outcome as it comes. It cannot be closed while it runs; it can be stopped
 * after the wallet on its way.
 */
export function RescreenModal<Wallet extends RescreenWallet>({
  opened,
  onClose,
  title,
  intro,
  choice,
  wallets,
  steps,
  changesInInbox = false,
}: {
  opened: boolean
  onClose: (ran: boolean) => void
  title: string
  intro: ReactNode
  /** What to re-screen, chosen before it starts (a bulk job's rows). */
  choice?: ReactNode
  /** Undefined while they are being read. */
  wallets: readonly Wallet[] | undefined
  steps: RescreenSteps<Wallet>
  /** Whether new and removed hits go to the Changes inbox (outside a case). */
  changesInInbox?: boolean
}) {
  const [billedConfirmed, setBilledConfirmed] = useState(false)
  const [running, setRunning] = useState(false)
  const [outcomes, setOutcomes] = useState<Array<RescreenOutcome<Wallet>> | undefined>()
  const stopper = useRef<AbortController | null>(null)
  const billed = (wallets ?? []).filter((item) => isBilledEnvironment(item.environment)).length
  const count = wallets?.length ?? 0
  const start = async () => {
    if (!wallets) return
    const list = [...wallets]
    const shown: Array<RescreenOutcome<Wallet>> = list.map((item) => ({
      wallet: item,
      kind: 'notRun',
    }))
    stopper.current = new AbortController()
    setOutcomes([...shown])
    setRunning(true)
    await rescreenWallets(
      steps,
      list,
      (outcome, index) => {
        shown[index] = outcome
        setOutcomes([...shown])
      },
      stopper.current.signal,
    )
    setRunning(false)
  }
  const close = () => {
    if (running) return
    onClose(outcomes !== undefined)
    setOutcomes(undefined)
    setBilledConfirmed(false)
  }
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" data-testid="rescreen-modal">
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        {!outcomes && choice}
        {billed > 0 && !outcomes && (
          <Alert color="orange" variant="light" title="Billed checks" data-testid="rescreen-billed">
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
          <>
            <RescreenSummary
              outcomes={outcomes}
              running={running}
              changesInInbox={changesInInbox}
            />
            <RescreenOutcomeList outcomes={outcomes} running={running} />
          </>
        ) : (
          <Button
            onClick={() => void start()}
            disabled={count === 0 || (billed > 0 && !billedConfirmed)}
            data-testid="rescreen-start"
          >
            Re-screen {countOf(count, wallet)}
          </Button>
        )}
        {outcomes && (
          <Group justify="flex-end">
            {running ? (
              <Button
                variant="default"
                onClick={() => stopper.current?.abort()}
                data-testid="rescreen-stop"
              >
                Stop after this wallet
              </Button>
            ) : (
              <Button variant="default" onClick={close} data-testid="rescreen-close">
                Close
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  )
}
