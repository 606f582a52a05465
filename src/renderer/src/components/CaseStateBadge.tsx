import { Badge } from '@mantine/core'
import { caseStateLabels } from '../../../shared/cases/caseLabels'
import type { CaseRecord } from '../../../shared/cases/caseSchemas'

const stateColors = {
  open: 'blue',
  in_review: 'orange',
  escalated: 'red',
  closed: 'green',
} as const

export function CaseStateBadge({ caseRecord }: { caseRecord: CaseRecord }) {
  return (
    <Badge
      color={stateColors[caseRecord.state]}
      variant="light"
      radius="sm"
      data-testid="case-state"
    >
      {caseStateLabels[caseRecord.state]}
    </Badge>
  )
}
