import { Badge, Tooltip } from '@mantine/core'
import { caseStateLabels } from '../../../shared/cases/caseLabels'
import type { CaseRecord } from '../../../shared/cases/caseSchemas'

const stateColors = {
  open: 'blue',
  in_review: 'orange',
  escalated: 'red',
  closed: 'green',
} as const

/** The case's state, and, when it came from a backup this computer does not trust, that too. */
export function CaseStateBadge({ caseRecord }: { caseRecord: CaseRecord }) {
  return (
    <>
      <Badge
        color={stateColors[caseRecord.state]}
        variant="light"
        radius="sm"
        data-testid="case-state"
      >
        {caseStateLabels[caseRecord.state]}
      </Badge>
      {caseRecord.restoredUntrusted && (
        <Tooltip label="Restored from a backup no trusted key signed: it cannot be exported under your signature.">
          <Badge color="red" variant="outline" radius="sm" data-testid="case-restored-untrusted">
            Restored from an untrusted backup
          </Badge>
        </Tooltip>
      )}
    </>
  )
}
