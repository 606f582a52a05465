import { Alert, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core'
import { escapeForDisplay } from '../../../../shared/text/escapeForDisplay'
import { IconBriefcase, IconDownload } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import type { BulkCheck, BulkRow } from '../../../../shared/bulk/bulkJob'
import { environmentLabels } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'
import { ButtonLink } from '../../components/RouterLinks'
import { IconArrowLeft } from '@tabler/icons-react'
import { startDownload } from '../../components/fileDelivery'
import { ScreenTitle } from '../../components/ScreenTitle'
import { bulkJobActions } from '../../data/bulk/bulkJobRepository'
import {
  bulkAnswersOf,
  useBulkAnswers,
  useBulkJobProgress,
  useBulkRows,
} from '../../data/bulk/bulkResults'
import { BulkBudgetRaise } from './BulkBudgetRaise'
import { BulkJobStateBadge } from './BulkJobStateBadge'
import { BulkLinkToCase } from './BulkLinkToCase'
import { BulkProgress, currentRate } from './BulkProgress'
import { BulkResultsTable } from './BulkResultsTable'
import { BulkRescreen } from './BulkRescreen'
import { resultsCsv } from './bulkCsv'
import { wakeBulkRunner } from '../../work/bulkRunner'
import {
  isBulkResultState,
  useResultFilter,
  type BulkJobSearch,
  type BulkResultFilter,
} from './bulkJobAddress'

const stateFilters = [
  { value: 'all', label: 'Every status' },
  { value: 'done', label: 'Done' },
  { value: 'reused', label: 'Reused' },
  { value: 'failed', label: 'Failed' },
  { value: 'unknown', label: 'Outcome unknown' },
  { value: 'invalid', label: 'Invalid or not sent' },
  { value: 'pending', label: 'Not checked yet' },
]

const filtering = (filter: BulkResultFilter): boolean =>
  filter.hitsOnly || filter.category !== null || filter.state !== null

const matches = (filter: BulkResultFilter, row: BulkRow, check: BulkCheck | undefined) => {
  if (filter.hitsOnly && !((check?.hits ?? 0) > 0)) return false
  if (filter.category && !check?.categories?.includes(filter.category)) return false
  if (!filter.state) return true
  if (filter.state === 'invalid') return row.check === -1
  return check?.state === filter.state
}

/** One job: its progress while it runs, and every row's result. */
export function BulkJobScreen({ jobId, search }: { jobId: string; search: BulkJobSearch }) {
  const progress = useBulkJobProgress(jobId)
  const rows = useBulkRows(jobId)
  const checks = progress?.checks
  const answers = useBulkAnswers(checks)
  const [filter, changeFilter] = useResultFilter(jobId, search)
  const [now, setNow] = useState(() => Date.now())
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set())
  const [linking, setLinking] = useState(false)
  const toggle = (check: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(check)) next.add(check)
      return next
    })
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  // Every row unless filtered: the addresses change several times a second while a job runs.
  const shown = useMemo(
    () =>
      rows && checks && filtering(filter)
        ? rows.filter((row) => matches(filter, row, checks[row.check]))
        : (rows ?? []),
    [rows, checks, filter],
  )
  const categories = useMemo(
    () => [...new Set((checks ?? []).flatMap((check) => check.categories ?? []))].sort(),
    [checks],
  )
  if (progress === null) return <Text>No such job on this computer.</Text>
  if (!progress || !rows || !checks) return null
  const { job, counts, checkedAt } = progress
  const change = async (state: 'running' | 'paused' | 'cancelled') => {
    await bulkJobActions.changeBulkJob(job.id, state)
    if (state === 'running') wakeBulkRunner()
  }
  const download = async () => {
    const answers = await bulkAnswersOf(
      checks.flatMap((check) => (check.checkLocalId ? [check.checkLocalId] : [])),
    )
    const csv = resultsCsv(job, rows, checks, answers)
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
    startDownload(url, `${job.fileName.replace(/\.[^.]+$/, '')}-results.csv`)
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }
  // A job the main side stopped at its cap goes on only with a higher cap (offered with the reason).
  const capReached = job.state === 'stopped' && job.stoppedAtCap === true
  const active = job.state === 'running' || job.state === 'paused' || job.state === 'stopped'
  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group>
        <ButtonLink
          to="/bulk"
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          Bulk screening
        </ButtonLink>
      </Group>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <ScreenTitle>{escapeForDisplay(job.fileName)}</ScreenTitle>
          <Text size="sm" c="dimmed">
            {countOf(job.rowCount, noun('row'))},{' '}
            {countOf(job.checkCount, noun('unique address', 'unique addresses'))},{' '}
            {environmentLabels[job.environment]}
            {job.budget !== null ? `, budget cap ${countOf(job.budget, noun('billed check'))}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <BulkJobStateBadge state={job.state} />
          {job.state === 'running' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => void change('paused')}
              data-testid="bulk-pause"
            >
              Pause
            </Button>
          )}
          {(job.state === 'paused' || (job.state === 'stopped' && !capReached)) && (
            <Button size="xs" onClick={() => void change('running')} data-testid="bulk-resume">
              Resume
            </Button>
          )}
          {active && (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => void change('cancelled')}
              data-testid="bulk-cancel"
            >
              Cancel job
            </Button>
          )}
          {/* Re-screening is for results, not for a job still under way. */}
          {job.state !== 'running' && job.state !== 'paused' && (
            <BulkRescreen job={job} checks={checks} selected={selected} />
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconBriefcase size={14} />}
            onClick={() => setLinking(true)}
            data-testid="bulk-link"
          >
            Link to case…
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download()}
            data-testid="bulk-download"
          >
            Download results
          </Button>
        </Group>
      </Group>
      {job.waiting && job.state === 'running' && (
        <Alert color="yellow" variant="light" data-testid="bulk-waiting" style={{ flexShrink: 0 }}>
          {job.waiting}
        </Alert>
      )}
      {job.stopReason && job.state === 'stopped' && (
        <Alert
          color="red"
          variant="light"
          title="The job stopped"
          data-testid="bulk-stopped"
          style={{ flexShrink: 0 }}
        >
          {job.stopReason}
          {capReached && <BulkBudgetRaise job={job} />}
        </Alert>
      )}
      <BulkProgress job={job} counts={counts} rate={currentRate(checkedAt, now)} />
      <Group gap="md" align="flex-end">
        <Checkbox
          label="Hits only"
          checked={filter.hitsOnly}
          onChange={(event) => changeFilter({ hitsOnly: event.currentTarget.checked })}
          data-testid="bulk-filter-hits"
        />
        <Select
          label="Category"
          size="xs"
          w={180}
          data={[
            { value: 'all', label: 'Any category' },
            ...categories.map((name) => ({ value: name, label: name })),
          ]}
          value={filter.category ?? 'all'}
          onChange={(value) => changeFilter({ category: !value || value === 'all' ? null : value })}
          allowDeselect={false}
        />
        <Select
          label="Status"
          size="xs"
          w={180}
          data={stateFilters}
          value={filter.state ?? 'all'}
          onChange={(value) =>
            changeFilter({ state: value !== null && isBulkResultState(value) ? value : null })
          }
          allowDeselect={false}
          data-testid="bulk-filter-status"
        />
        <Text size="sm" c="dimmed" data-testid="bulk-shown">
          {countOf(shown.length, noun('row'))} shown
          {selected.size > 0 &&
            `, ${countOf(selected.size, noun('address', 'addresses'))} selected`}
        </Text>
      </Group>
      <BulkResultsTable
        job={job}
        rows={shown}
        checks={checks}
        answers={answers}
        selected={selected}
        onToggle={toggle}
      />
      {linking && (
        <BulkLinkToCase
          job={job}
          checks={checks}
          selected={selected}
          onClose={() => setLinking(false)}
        />
      )}
    </Stack>
  )
}
