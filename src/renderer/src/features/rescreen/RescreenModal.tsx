import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { isBilledEnvironment } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import { leftAtCap, type RescreenWallet } from '../../data/rescreen/rescreenWallets'
import { RescreenBilledConfirm } from './RescreenBilledConfirm'
import { RescreenCapRaise } from './RescreenCapRaise'
import { RescreenOutcomeList } from './RescreenOutcomeList'
import { RescreenSummary } from './RescreenSummary'
import { useRescreenRun, type RescreenStepsFor } from './useRescreenRun'

const wallet = noun('wallet')

/** Whole numbers of checks from 1 to `most`; anything else (text being typed, 0) is no cap yet. */
const capWithin = (value: number | string, most: number): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? Math.min(value, most) : null

/**
 * A re-screen of some wallets in a dialog: what it does and, for billed checks, their count, a
 * budget cap and the explicit confirmation, as a bulk job asks; then each wallet's outcome as it
 * comes. It cannot be closed while it runs; it can be stopped after the wallet on its way.
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
  steps: RescreenStepsFor<Wallet>
  /** Whether new and removed hits go to the Changes inbox (outside a case). */
  changesInInbox?: boolean
}) {
  const [billedConfirmed, setBilledConfirmed] = useState(false)
  // Null until the person changes it: the cap follows the billed wallets chosen.
  const [capInput, setCapInput] = useState<number | string | null>(null)
  const run = useRescreenRun(steps)
  const { outcomes, running, allowance } = run
  const billed = (wallets ?? []).filter((item) => isBilledEnvironment(item.environment)).length
  const count = wallets?.length ?? 0
  const cap = capWithin(capInput ?? billed, billed)
  const left = outcomes && !running ? leftAtCap(outcomes) : []
  const close = () => {
    if (running) return
    onClose(outcomes !== undefined)
    run.reset()
    setBilledConfirmed(false)
    setCapInput(null)
  }
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" data-testid="rescreen-modal">
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        {!outcomes && choice}
        {billed > 0 && !outcomes && (
          <RescreenBilledConfirm
            billed={billed}
            cap={capInput ?? billed}
            onCapChange={setCapInput}
            confirmed={billedConfirmed}
            onConfirmedChange={setBilledConfirmed}
          />
        )}
        {run.failure && (
          <Alert color="red" variant="light" data-testid="rescreen-failure">
            {run.failure}
          </Alert>
        )}
        {outcomes ? (
          <>
            <RescreenSummary
              outcomes={outcomes}
              running={running}
              changesInInbox={changesInInbox}
            />
            {allowance && left.length > 0 && (
              <RescreenCapRaise
                cap={allowance.cap}
                left={left.length}
                billedLeft={
                  left.filter((place) => isBilledEnvironment(outcomes[place]!.wallet.environment))
                    .length
                }
                onRaise={(raised) => void run.raiseCap(raised)}
              />
            )}
            <RescreenOutcomeList outcomes={outcomes} running={running} />
          </>
        ) : (
          <Button
            onClick={() => wallets && void run.start(wallets, cap)}
            disabled={count === 0 || (billed > 0 && (!billedConfirmed || cap === null))}
            data-testid="rescreen-start"
          >
            Re-screen {countOf(count, wallet)}
          </Button>
        )}
        {outcomes && (
          <Group justify="flex-end">
            {running ? (
              <Button variant="default" onClick={run.stop} data-testid="rescreen-stop">
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
