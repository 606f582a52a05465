import { Button, Radio, Stack } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { BulkCheck, BulkJob } from '../../../../shared/bulk/bulkJob'
import { countOf, noun } from '../../../../shared/text/counting'
import { listRescreenSteps } from '../../data/rescreen/listRescreen'
import type { RescreenWallet } from '../../data/rescreen/rescreenWallets'
import { RescreenModal } from '../rescreen/RescreenModal'
import { chosenChecks, firstChoice, type BulkChoice } from './chosenChecks'

const address = noun('address', 'addresses')

/**
 * Re-screens a job's addresses (the selected rows', those with hits, or all): each is checked
 * again in the job's environment and compared with its check just before; new and removed hits go
 * to the Changes inbox.
 */
export function BulkRescreen({
  job,
  checks,
  selected,
}: {
  job: BulkJob
  checks: readonly BulkCheck[]
  selected: ReadonlySet<number>
}) {
  const [opened, setOpened] = useState(false)
  const [which, setWhich] = useState<BulkChoice>(() => firstChoice(selected))
  // The job's addresses are unique and valid already: no check needs to be read to list them.
  const wallets = useMemo<RescreenWallet[]>(
    () =>
      chosenChecks(checks, which, selected).map((check) => ({
        environment: job.environment,
        query: check.address,
        queryKey: check.queryKey,
      })),
    [checks, which, selected, job.environment],
  )
  const countFor = (choice: BulkChoice) => chosenChecks(checks, choice, selected).length
  const open = () => {
    setWhich(firstChoice(selected))
    setOpened(true)
  }
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={open}
        data-testid="bulk-rescreen"
      >
        Re-screen…
      </Button>
      <RescreenModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Re-screen this job’s addresses"
        intro="Each address is checked again and compared with its check just before. New and removed hits go to Changes, as a watch’s do."
        choice={
          <Radio.Group label="Which addresses" value={which} onChange={(value) => setWhich(value)}>
            <Stack gap={6} mt={4}>
              <Radio
                value="selected"
                disabled={selected.size === 0}
                label={`The selected rows (${countOf(countFor('selected'), address)})`}
              />
              <Radio
                value="hits"
                label={`Every address with hits (${countOf(countFor('hits'), address)})`}
              />
              <Radio value="all" label={`Every address (${countOf(countFor('all'), address)})`} />
            </Stack>
          </Radio.Group>
        }
        wallets={wallets}
        steps={listRescreenSteps}
        changesInInbox
      />
    </>
  )
}
