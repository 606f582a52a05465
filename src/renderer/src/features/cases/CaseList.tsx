import { Badge, Button, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useCaseList } from '../../data/cases/caseQueries'
import { formatLocalDateTime } from '../../components/formatTime'
import { CaseStateBadge } from '../../components/CaseStateBadge'
import { useNavigate } from '@tanstack/react-router'
import { ScreenTitle } from '../../components/ScreenTitle'

/** Every case on this computer, the most recently changed first. */
export function CaseList({
  openCaseId,
  onNewCase,
}: {
  openCaseId: string | null
  onNewCase: () => void
}) {
  const navigate = useNavigate()
  const cases = useCaseList()
  return (
    <Stack gap="xs" w={300} miw={300} h="100%" data-testid="case-list">
      <Group justify="space-between">
        <ScreenTitle size="h4">Cases</ScreenTitle>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNewCase}>
          New case
        </Button>
      </Group>
      {cases?.length === 0 && (
        <Text size="sm" c="dimmed">
          No case yet. Create one, then link checks and entities to it.
        </Text>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={4}>
          {cases?.map((caseRecord) => (
            <UnstyledButton
              key={caseRecord.id}
              onClick={() =>
                void navigate({ to: '/cases/$caseId', params: { caseId: caseRecord.id } })
              }
              p="xs"
              data-testid="case-list-item"
              style={{
                borderRadius: 4,
                border: '1px solid var(--mantine-color-gray-3)',
                background:
                  caseRecord.id === openCaseId ? 'var(--mantine-color-indigo-0)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} lineClamp={1}>
                  {caseRecord.title}
                </Text>
                <CaseStateBadge caseRecord={caseRecord} />
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {caseRecord.subject}
              </Text>
              <Group gap={6} mt={2}>
                <Text size="xs" c="dimmed">
                  {caseRecord.checkIds.length} check(s) · changed{' '}
                  {formatLocalDateTime(caseRecord.updatedAt)}
                </Text>
                {caseRecord.origin && (
                  <Badge size="xs" color="gray" variant="outline" radius="sm">
                    Imported
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  )
}
