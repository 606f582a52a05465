import { Group, Text } from '@mantine/core'
import { caseNumber } from '../../../../shared/cases/caseNumber'
import { HitStateBadge } from '../../components/HitStateBadge'
import type { CheckInCase } from '../../data/cases/caseReads'
import { hitStateOf } from '../../data/cases/caseRules'
import { historyColumns } from './historyColumns'

const describe = (entry: CheckInCase): string => {
  const state = hitStateOf(entry.hits)
  return `${caseNumber(entry.caseId)} “${entry.title}”${state ? `: ${state.label}` : ''}`
}

/** The cases a check is in, the first by its number with where its hits stand there. */
export function HistoryRowCases({ cases }: { cases: CheckInCase[] | undefined }) {
  const [first, ...others] = cases ?? []
  const state = first ? hitStateOf(first.hits) : null
  return (
    <Group
      gap={6}
      wrap="nowrap"
      w={historyColumns.cases}
      style={{ flexShrink: 0 }}
      title={cases?.map(describe).join('\n')}
      data-testid="history-row-cases"
    >
      {first ? (
        <>
          <Text size="xs" ff="monospace" style={{ flexShrink: 0 }}>
            {caseNumber(first.caseId)}
          </Text>
          {state && <HitStateBadge state={state} />}
          {others.length > 0 && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              +{others.length}
            </Text>
          )}
        </>
      ) : (
        <Text size="xs" c="dimmed">
          In no case
        </Text>
      )}
    </Group>
  )
}
