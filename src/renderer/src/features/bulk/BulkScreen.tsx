import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useMemo } from 'react'
import { guessAddressColumn, readBulkTable } from '../../../../shared/bulk/bulkTable'
import { planBulk } from '../../../../shared/bulk/bulkPlan'
import { countOf, noun } from '../../../../shared/text/counting'
import { AnchorLink } from '../../components/RouterLinks'
import { ScreenTitle } from '../../components/ScreenTitle'
import { Timestamp } from '../../components/Timestamp'
import { useBulkJobs } from '../../data/bulk/bulkResults'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { BulkInput } from './BulkInput'
import { BulkJobStateBadge } from './BulkJobStateBadge'
import { BulkPreview } from './BulkPreview'
import { BulkStart } from './BulkStart'
import { bulkActions, useBulkStore } from './store'

/** A list of wallets in: read, checked and previewed before anything is sent. */
export function BulkScreen() {
  const text = useBulkStore((state) => state.text)
  const chosenColumn = useBulkStore((state) => state.addressColumn)
  const sendUnrecognised = useBulkStore((state) => state.sendUnrecognised)
  const environment = useActiveEnvironment()
  const table = useMemo(() => (text.trim() ? readBulkTable(text) : null), [text])
  const addressColumn = table ? (chosenColumn ?? guessAddressColumn(table)) : 0
  const plan = useMemo(
    () => (table ? planBulk(table, addressColumn, { sendUnrecognised }) : null),
    [table, addressColumn, sendUnrecognised],
  )
  return (
    <Stack gap="md" style={{ overflowY: 'auto' }} pb="xl">
      <ScreenTitle>Bulk screening</ScreenTitle>
      <BulkInput />
      {table && plan && (
        <Card withBorder style={{ flexShrink: 0 }}>
          <Stack gap="md">
            <BulkPreview table={table} plan={plan} addressColumn={addressColumn} />
            {environment && (
              <BulkStart
                table={table}
                plan={plan}
                addressColumn={addressColumn}
                environment={environment}
              />
            )}
          </Stack>
        </Card>
      )}
      {table && (
        <Group>
          <Anchor component="button" size="sm" onClick={bulkActions.clearInput}>
            Clear the list
          </Anchor>
        </Group>
      )}
      <BulkJobList />
    </Stack>
  )
}

function BulkJobList() {
  const jobs = useBulkJobs()
  if (!jobs?.length) return null
  return (
    <Stack gap="xs">
      <Text fw={600} component="h2" size="md">
        Jobs
      </Text>
      <Table withTableBorder fz="sm" data-testid="bulk-jobs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>List</Table.Th>
            <Table.Th>Addresses</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="bulk-job-row">
              <Table.Td>
                <Timestamp iso={job.createdAt} />
              </Table.Td>
              <Table.Td>
                <AnchorLink to="/bulk/$jobId" params={{ jobId: job.id }}>
                  {shown(job.fileName)}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{countOf(job.checkCount, noun('address', 'addresses'))}</Table.Td>
              <Table.Td>
                <BulkJobStateBadge state={job.state} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
