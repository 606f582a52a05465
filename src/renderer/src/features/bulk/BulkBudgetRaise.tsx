import { Button, Group, NumberInput, Text } from '@mantine/core'
import { useState } from 'react'
import type { BulkJob } from '../../../../shared/bulk/bulkJob'
import { errorMessage } from '../../bridge/bridgeClient'
import { bulkJobActions } from '../../data/bulk/bulkJobRepository'
import { allowJob } from '../../data/spending/spendingQueries'
import { wakeBulkRunner } from '../../work/bulkRunner'

/** A higher budget cap for a job its cap stopped, and the job going on at once. */
export function BulkBudgetRaise({ job }: { job: BulkJob }) {
  // Enough for every address not reused, the ones already sent included.
  const [budget, setBudget] = useState<number | string>(
    Math.max(job.sentCount + 1, job.checkCount - job.reusedCount),
  )
  const [failure, setFailure] = useState<string | null>(null)
  const raise = async () => {
    if (typeof budget !== 'number') return
    try {
      // The main side takes the new cap first: it is the one that refuses checks beyond it.
      await allowJob({ purpose: 'bulk', jobId: job.id, environment: job.environment, cap: budget })
      await bulkJobActions.raiseBulkBudget(job.id, budget)
      setFailure(null)
      wakeBulkRunner()
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }
  return (
    <Group align="flex-end" gap="xs" mt="xs">
      <NumberInput
        label="New budget cap (billed checks)"
        size="xs"
        w={220}
        min={job.sentCount + 1}
        value={budget}
        onChange={setBudget}
        data-testid="bulk-new-budget"
      />
      <Button size="xs" onClick={() => void raise()} data-testid="bulk-raise-budget">
        Raise the cap and resume
      </Button>
      {failure && (
        <Text size="xs" c="red">
          {failure}
        </Text>
      )}
    </Group>
  )
}
