import { Group, Paper, Stack, Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { AnchorLink } from '../../components/RouterLinks'
import { formatLocalDateTime } from '../../components/formatTime'
import { useCasesAwaitingReview } from '../../data/cases/caseQueries'
import { useTeamMember } from '../../data/team/teamQueries'

/**
 * The shared cases whose close waits for this member's review, each by its number and title: news
 * as much as a watch's change, so the Changes badge counts them too. Shown only in a team.
 */
export function CasesAwaitingReview() {
  const me = useTeamMember()
  const waiting = useCasesAwaitingReview(me)
  if (me === null || waiting === undefined) return null
  return (
    <Stack gap={6} data-testid="review-queue">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Waiting for your review
        </Text>
        {waiting.length > 0 && (
          <AnchorLink
            size="xs"
            to="/cases"
            search={{ queue: 'waiting-for-my-review' }}
            data-testid="review-queue-in-list"
          >
            Show {waiting.length === 1 ? 'it' : `all ${waiting.length}`} in the case list
          </AnchorLink>
        )}
      </Group>
      {waiting.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="review-queue-empty">
          No shared case waits for your review.
        </Text>
      ) : (
        waiting.map((item) => (
          <Paper withBorder p="sm" radius="sm" key={item.caseId} data-testid="review-queue-case">
            <AnchorLink size="sm" fw={600} to="/cases/$caseId" params={{ caseId: item.caseId }}>
              <Text span ff="monospace" size="sm" fw={600}>
                {item.number}
              </Text>{' '}
              {shown(item.title)}
            </AnchorLink>
            <Text size="xs" c="dimmed">
              {shown(item.askedBy)} asked for a review on {formatLocalDateTime(item.askedAt)}
            </Text>
          </Paper>
        ))
      )}
    </Stack>
  )
}
