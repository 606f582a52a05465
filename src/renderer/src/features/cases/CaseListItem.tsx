import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { IconUser } from '@tabler/icons-react'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { useNavigate } from '@tanstack/react-router'
import { countOf, noun } from '../../../../shared/text/counting'
import { CaseStateBadge } from '../../components/CaseStateBadge'
import { formatLocalDate, formatLocalDateTime } from '../../components/formatTime'
import { HitStateBadge } from '../../components/HitStateBadge'
import { MiddleTruncated } from '../../components/MiddleTruncated'
import type { CaseListRow } from '../../data/cases/caseListSelection'
import type { SharedCaseStanding } from '../../data/cases/caseQueues'
import { hitStateOf } from '../../../../shared/cases/caseRules'

/** Every item has this height, so the list can show only those in view. */
export const caseListItemHeight = 112

/** Who this desk is in its team, and how the roster names a member. */
export interface CaseListTeam {
  me: string
  nameOf: (member: string) => string
}

/** "Assigned to you", to a member by name, or to nobody; both when two assignments stand. */
const assigneeWords = ({ assignees }: SharedCaseStanding, team: CaseListTeam): string => {
  const named = [...new Set(assignees)].flatMap((member) =>
    member === null ? [] : [member === team.me ? 'you' : team.nameOf(member)],
  )
  return named.length === 0 ? 'Unassigned' : `Assigned to ${named.join(', ')}`
}

function Assignee({ standing, team }: { standing: SharedCaseStanding; team: CaseListTeam }) {
  const words = assigneeWords(standing, team)
  return (
    <Group gap={2} wrap="nowrap" maw="50%" style={{ flexShrink: 0 }} title={words}>
      <IconUser size={12} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed" truncate data-testid="case-list-assignee">
        {words}
      </Text>
    </Group>
  )
}

/**
 * One case in the list: title and state, its readable number beside its id, and its hits; a
 * shared case also its assignee and whether a close request waits for a review.
 */
export function CaseListItem({
  row,
  isOpen,
  team,
}: {
  row: CaseListRow
  isOpen: boolean
  team: CaseListTeam | null
}) {
  const navigate = useNavigate()
  const { caseRecord, number, summary, shared } = row
  const hitState = hitStateOf(summary.hits)
  return (
    <UnstyledButton
      onClick={() => void navigate({ to: '/cases/$caseId', params: { caseId: caseRecord.id } })}
      p="xs"
      h={caseListItemHeight - 4}
      w="100%"
      data-testid="case-list-item"
      data-case-number={number}
      aria-current={isOpen ? 'page' : undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        borderRadius: 4,
        border: '1px solid var(--mantine-color-gray-3)',
        background: isOpen ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
        <Text
          size="sm"
          fw={600}
          truncate
          title={shown(caseRecord.title)}
          data-testid="case-list-title"
        >
          {shown(caseRecord.title)}
        </Text>
        {/* The title gives way to a long badge, never the badge to the title ("O…"). */}
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <CaseStateBadge caseRecord={caseRecord} />
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap" w="100%">
        <Text size="xs" fw={600} ff="monospace" style={{ flexShrink: 0 }} data-testid="case-number">
          {number}
        </Text>
        <MiddleTruncated value={caseRecord.id} tail={6} size="xs" testId="case-id" dimmed />
        {shared && shared.approvers.length > 0 && caseRecord.state !== 'closed' && (
          <Badge
            size="sm"
            color="violet"
            variant="light"
            radius="sm"
            tt="none"
            ml="auto"
            style={{ flexShrink: 0 }}
            data-testid="case-list-review-waiting"
          >
            Waiting for review
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" w="100%">
        <Text size="xs" c="dimmed" truncate style={{ flex: 1 }} title={shown(caseRecord.subject)}>
          {shown(caseRecord.subject)}
        </Text>
        {shared && team && <Assignee standing={shared} team={team} />}
      </Group>
      <Group gap={6} wrap="nowrap" w="100%">
        <Text
          size="xs"
          c="dimmed"
          truncate
          style={{ flex: 1 }}
          title={`Changed ${formatLocalDateTime(caseRecord.updatedAt)}`}
        >
          {summary.wallets === undefined
            ? countOf(caseRecord.checkIds.length, noun('check'))
            : countOf(summary.wallets, noun('wallet'))}{' '}
          · {formatLocalDate(caseRecord.updatedAt)}
        </Text>
        {hitState && <HitStateBadge state={hitState} />}
        {caseRecord.origin && (
          <Badge size="sm" color="gray" variant="outline" radius="sm" style={{ flexShrink: 0 }}>
            Imported
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  )
}
