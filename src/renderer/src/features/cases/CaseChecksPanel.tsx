import { Alert, Button, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { CaseCheckCard } from './CaseCheckCard'
import { caseErrorMessage } from './caseErrorMessage'
import { useCaseChecks } from '../../data/cases/caseQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkCheckModal } from './LinkCheckModal'
import { PanelToolbar } from './PanelToolbar'

/** Checks are shown this many at a time: a case may hold thousands. */
const pageSize = 50

export function CaseChecksPanel({
  caseRecord,
  editable,
  onShown,
}: {
  caseRecord: CaseRecord
  editable: boolean
  /** Told once the first checks are on screen. */
  onShown: () => void
}) {
  const [shown, setShown] = useState(pageSize)
  const [linking, setLinking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const caseActions = useCaseActions()
  const view = useCaseChecks(caseRecord, shown)
  const loaded = view !== undefined
  useEffect(() => {
    if (loaded) onShown()
  }, [loaded, onShown])
  const total = caseRecord.checkIds.length
  return (
    <Stack gap="sm">
      <PanelToolbar
        editable={editable}
        label="Link a check"
        hint="Or use “Add to case” on a search result."
        testId="case-link-check"
        onLink={() => setLinking(true)}
        failure={failure}
        onDismiss={() => setFailure(null)}
      />
      {total === 0 && (
        <Text size="sm" c="dimmed">
          No check is linked yet.
        </Text>
      )}
      {view && view.missing.length > 0 && (
        <Alert color="orange" variant="light" title="Some linked checks are missing">
          {view.missing.length} linked check(s) are no longer on this computer. Unlink them before
          exporting.
        </Alert>
      )}
      {view?.checks.map((check) => (
        <CaseCheckCard
          key={check.localId}
          caseId={caseRecord.id}
          check={check}
          decisions={view.decisions}
          editable={editable}
          inHistory={!caseRecord.origin}
          onUnlink={() =>
            void caseActions
              .unlinkCheck(caseRecord.id, {
                localId: check.localId,
                query: check.query,
                fetchedAt: check.fetchedAt,
              })
              .catch((error: unknown) => setFailure(caseErrorMessage(error)))
          }
        />
      ))}
      {shown < total && (
        <Button variant="default" size="xs" onClick={() => setShown(shown + pageSize)}>
          Show {Math.min(pageSize, total - shown)} more of {total - shown} remaining
        </Button>
      )}
      {linking && <LinkCheckModal caseRecord={caseRecord} onClose={() => setLinking(false)} />}
    </Stack>
  )
}
