import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { BulkPlan } from '../../../../shared/bulk/bulkPlan'
import type { BulkTable } from '../../../../shared/bulk/bulkTable'
import { isBilledEnvironment, type EnvironmentId } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import { errorMessage } from '../../bridge/bridgeClient'
import { useActor } from '../../data/identity/identityQueries'
import { reusableChecks, startBulkJob } from './startBulkJob'
import { bulkActions, carriedColumns, useBulkStore } from './store'

const freshnessOptions = [
  { value: 'none', label: 'Never: check every address again' },
  { value: '1', label: 'Checked in the last hour' },
  { value: '24', label: 'Checked in the last 24 hours' },
  { value: '168', label: 'Checked in the last 7 days' },
]

/** The freshness window, what will be billed and reused, and the start (confirmed in Production). */
export function BulkStart({
  table,
  plan,
  addressColumn,
  environment,
}: {
  table: BulkTable
  plan: BulkPlan
  addressColumn: number
  environment: EnvironmentId
}) {
  const { fileName, fileSha256, text, carryColumns, freshnessHours, excludeInvalid } =
    useBulkStore()
  const actor = useActor()
  const navigate = useNavigate()
  const [reused, setReused] = useState<number | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [budget, setBudget] = useState<number | string>('')
  const [failure, setFailure] = useState<string | null>(null)
  const billed = isBilledEnvironment(environment)
  useEffect(() => {
    let current = true
    void reusableChecks(plan, environment, freshnessHours).then((found) => {
      if (current) setReused(found.size)
    })
    return () => {
      current = false
    }
  }, [plan, environment, freshnessHours])
  const toSend = plan.checks.length - (reused ?? 0)
  const start = async () => {
    setFailure(null)
    try {
      const id = await startBulkJob({
        table,
        plan,
        fileName: fileName ?? 'pasted list',
        fileSha256,
        text,
        environment,
        actor: actor ? { name: actor.name, email: actor.email } : null,
        addressColumn,
        carryColumns: carriedColumns(carryColumns, table.columns.length, addressColumn),
        freshnessHours,
        excludeInvalid,
        budget: billed && typeof budget === 'number' ? budget : null,
      })
      bulkActions.clearInput()
      await navigate({ to: '/bulk/$jobId', params: { jobId: id } })
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }
  const asTheyAre =
    plan.sendsUnrecognised && plan.unrecognisedValues > 0
      ? ` (${countOf(plan.unrecognisedValues, noun('unrecognised value'))} sent as ${plan.unrecognisedValues === 1 ? 'it is' : 'they are'})`
      : ''
  const summary = `${countOf(toSend, noun(billed ? 'billed check' : 'check'))} will run${asTheyAre}; ${countOf(reused ?? 0, noun('earlier check'))} ${reused === 1 ? 'is' : 'are'} reused.`
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label="Reuse an earlier check of the same wallet in this environment"
          data={freshnessOptions}
          value={freshnessHours === null ? 'none' : String(freshnessHours)}
          onChange={(value) =>
            bulkActions.setFreshnessHours(value === null || value === 'none' ? null : Number(value))
          }
          allowDeselect={false}
          w={380}
          data-testid="bulk-freshness"
        />
        <Text size="sm" data-testid="bulk-send-summary" pb={8}>
          {reused === null ? 'Looking for earlier checks…' : summary}
        </Text>
      </Group>
      {failure && (
        <Alert color="red" variant="light" data-testid="bulk-start-error">
          {failure}
        </Alert>
      )}
      <Group>
        <Button
          onClick={() => (billed ? setConfirming(true) : void start())}
          disabled={reused === null || plan.checks.length === 0}
          data-testid="bulk-start"
        >
          Start screening
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Run billed checks?"
        centered
        data-testid="bulk-confirm"
      >
        <Stack gap="sm">
          <Text size="sm">
            This job runs in <b>Production</b>: {summary} Checks that may have reached the service
            are never sent twice.
          </Text>
          <NumberInput
            label="Budget cap: most billed checks this job may run"
            description="Leave empty for no cap. The job stops when it is reached."
            min={1}
            value={budget}
            onChange={setBudget}
            data-testid="bulk-budget"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void start()} data-testid="bulk-confirm-start">
              Run{' '}
              {countOf(
                typeof budget === 'number' ? Math.min(budget, toSend) : toSend,
                noun('billed check'),
              )}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
