import { memo } from 'react'
import { Badge, Box, Group, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import { isStoredCheck, type CheckRecord } from '../../data/checks/checkRepository'
import { formatLocalDateTime } from '../../components/formatTime'
import {
  categoryLabel,
  outcomeColor,
  outcomeLabel,
  statusColor,
  statusLabel,
} from '../../components/checkLabels'
import { useNavigate } from '@tanstack/react-router'
import { CopyValue } from '../../components/CopyValue'
import { MiddleTruncated } from '../../components/MiddleTruncated'
import { AnchorLink } from '../../components/RouterLinks'
import type { CheckInCase } from '../../data/cases/caseReads'
import { historyColumns, historyRowHeights, stickyIdentifier } from './historyColumns'
import { HistoryRowCases } from './HistoryRowCases'
import { HistoryRowSelect, rowSelectWidth } from './HistoryRowSelect'

const widths = historyColumns

/**
 * Roughly how wide a category badge is: 12 px letters (about 7 px each) and its padding. Used to
 * show only whole badges, then "+N"; every category is in the tooltip.
 */
const badgeWidth = (label: string): number => label.length * 7 + 20
const plusWidth = 28

/** The categories with hits: as many whole badges as fit, then "+N", every one in the tooltip. */
function RowCategories({ categories }: { categories: string[] }) {
  const labels = categories.map(categoryLabel)
  let shown = 0
  let used = 0
  for (const label of labels) {
    const room = widths.categories - (shown + 1 < labels.length ? plusWidth : 0)
    if (shown > 0 && used + badgeWidth(label) > room) break
    used += badgeWidth(label) + 4
    shown += 1
  }
  return (
    <Group
      gap={4}
      w={widths.categories}
      wrap="nowrap"
      style={{ flexShrink: 0, overflow: 'hidden' }}
      title={labels.join(', ')}
    >
      {labels.slice(0, shown).map((label) => (
        <Badge
          key={label}
          size="xs"
          variant="outline"
          color="red"
          radius="sm"
          tt="none"
          style={{ flexShrink: shown === 1 ? 1 : 0 }}
        >
          {label}
        </Badge>
      ))}
      {shown < labels.length && (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          +{labels.length - shown}
        </Text>
      )}
    </Group>
  )
}

/** The status and number of hits of an answered check, or what became of an attempt that gave none. */
function RowResult({ stored }: { stored: CheckRecord }) {
  if (!isStoredCheck(stored)) {
    return (
      <>
        <Badge
          size="sm"
          radius="sm"
          w={widths.status}
          color={outcomeColor(stored.outcome)}
          variant="outline"
          tt="none"
          style={{ flexShrink: 0 }}
          data-testid="history-row-outcome"
          title={outcomeLabel(stored.outcome)}
        >
          {outcomeLabel(stored.outcome)}
        </Badge>
        <Text size="sm" w={widths.matches} ta="right" c="dimmed" style={{ flexShrink: 0 }}>
          —
        </Text>
      </>
    )
  }
  return (
    <>
      <Badge
        size="sm"
        radius="sm"
        w={widths.status}
        color={statusColor(stored.status)}
        variant={stored.status === 'review_required' ? 'filled' : 'light'}
        tt="none"
        style={{ flexShrink: 0 }}
      >
        {statusLabel(stored.status)}
      </Badge>
      <Text size="sm" w={widths.matches} ta="right" style={{ flexShrink: 0 }}>
        {stored.totalEntity}
      </Text>
    </>
  )
}

/** Where the check ran. */
function RowEnvironment({ stored }: { stored: CheckRecord }) {
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      w={widths.environment}
      tt="none"
      color={
        stored.environment === 'production'
          ? 'red'
          : stored.environment === 'sandbox'
            ? 'blue'
            : 'teal'
      }
      style={{ flexShrink: 0 }}
    >
      {environmentLabels[stored.environment]}
    </Badge>
  )
}

/** The categories an answered check hit, or why an attempt gave no answer. */
function RowHits({ stored }: { stored: CheckRecord }) {
  if (isStoredCheck(stored)) return <RowCategories categories={stored.hitCategories} />
  return (
    <Text
      size="xs"
      c="dimmed"
      w={widths.categories}
      truncate
      style={{ flexShrink: 0 }}
      title={stored.error?.message}
    >
      {stored.billed && stored.outcome === 'unknown'
        ? 'May have been billed'
        : (stored.error?.name ?? 'Waiting for the journal')}
    </Text>
  )
}

/**
 * One past check; `stored` is undefined until its record is read, as it scrolls into view. Memoised:
 * typing into History's search moves rows but seldom changes one, and drawing rows was most of
 * the work of a keystroke.
 */
export const HistoryRow = memo(function HistoryRow({
  stored,
  cases,
  folded,
}: {
  stored: CheckRecord | undefined
  /** The cases it is in, once read. */
  cases: CheckInCase[] | undefined
  /** On two lines: the environment, categories and cases under the identifier. */
  folded: boolean
}) {
  const navigate = useNavigate()
  const open = () =>
    stored && void navigate({ to: '/history/$checkId', params: { checkId: stored.localId } })
  return (
    <Box
      h={folded ? historyRowHeights.folded : historyRowHeights.single}
      onClick={open}
      style={{
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
      data-testid="history-row"
      data-outcome={stored?.outcome}
    >
      {stored && (
        <>
          <Group pr="sm" gap="sm" wrap="nowrap" h={historyRowHeights.single - 10}>
            <div style={stickyIdentifier}>
              <HistoryRowSelect stored={stored} />
              {/* The row opens on a click anywhere; the keyboard's way in is this link. */}
              <AnchorLink
                to="/history/$checkId"
                params={{ checkId: stored.localId }}
                onClick={(event) => event.stopPropagation()}
                miw={0}
                style={{ display: 'flex' }}
              >
                <MiddleTruncated value={stored.query} testId="history-row-identifier" />
              </AnchorLink>
              <CopyValue value={stored.query} label="Copy the identifier" />
            </div>
            <Text
              size="sm"
              w={widths.fetched}
              style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              title={`${stored.fetchedAt} (UTC)`}
            >
              {formatLocalDateTime(stored.fetchedAt)}
            </Text>
            {!folded && <RowEnvironment stored={stored} />}
            <RowResult stored={stored} />
            {!folded && <RowHits stored={stored} />}
            {!folded && <HistoryRowCases cases={isStoredCheck(stored) ? cases : []} />}
          </Group>
          {folded && (
            <Group
              pr="sm"
              gap="sm"
              wrap="nowrap"
              pl={`calc(var(--mantine-spacing-sm) + ${rowSelectWidth + 4}px)`}
              data-testid="history-row-folded"
            >
              <RowEnvironment stored={stored} />
              <RowHits stored={stored} />
              <HistoryRowCases cases={isStoredCheck(stored) ? cases : []} />
            </Group>
          )}
        </>
      )}
    </Box>
  )
})
