import { Alert, Button, Stack, Text } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { CaseCheckCard } from './CaseCheckCard'
import { caseErrorMessage } from './caseErrorMessage'
import { useCaseChecks } from '../../data/cases/caseQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkCheckModal } from './LinkCheckModal'
import { PanelToolbar } from './PanelToolbar'
import { UndoNotice, type Undoable } from '../../components/UndoNotice'
import { decisionOnHit, hitsOf } from '../../../../shared/cases/checkHits'
import { middleEllipsis } from '../../../../shared/text/middleEllipsis'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { hitsLostAfter } from '../../../../shared/records/walletTimeline'

const linkedCheck = noun('linked check')

/** Checks are shown this many at a time: a case may hold thousands. */
const pageSize = 50

/** The decisions on a check's hits, with the hit each concerns: what unlinking withdraws. */
const decisionsOn = (
  caseId: string,
  check: ExportedCheck,
  decisions: ReadonlyMap<string, HitDecision>,
) =>
  hitsOf(check.check).flatMap((hit) => {
    const decision = decisionOnHit(decisions, caseId, check.localId, hit)
    return decision ? [{ hit, decision }] : []
  })

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
  const [undoable, setUndoable] = useState<Undoable | null>(null)
  const caseActions = useCaseActions()
  const view = useCaseChecks(caseRecord, shown)
  // Among the checks shown: a later check of a wallet further down the list is shown with it.
  const lost = useMemo(() => (view ? hitsLostAfter(view.checks) : undefined), [view])
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
        <Text size="sm" c="dimmed" data-testid="case-checks-empty">
          No check is linked yet: link one of History’s checks with “Link a check”.
        </Text>
      )}
      {view && view.missing.length > 0 && (
        <Alert color="orange" variant="light" title="Some linked checks are missing">
          {countOf(view.missing.length, linkedCheck)} {view.missing.length === 1 ? 'is' : 'are'} no
          longer on this computer. Unlink {view.missing.length === 1 ? 'it' : 'them'} before
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
          lostSince={lost?.get(check.localId)}
          onUnlink={() => {
            const withdrawn = decisionsOn(caseRecord.id, check, view.decisions)
            const ref = { localId: check.localId, query: check.query, fetchedAt: check.fetchedAt }
            void caseActions
              .unlinkCheck(caseRecord.id, ref)
              .then(() =>
                setUndoable({
                  message: `Check of ${middleEllipsis(check.query)} unlinked${withdrawn.length > 0 ? `, with ${countOf(withdrawn.length, noun('decision'))} on its hits` : ''}.`,
                  // Linked again, and each withdrawn decision recorded again as it was: the trail
                  // keeps the unlinking and the undoing both.
                  undo: async () => {
                    await caseActions.linkCheck(caseRecord.id, ref)
                    for (const { hit, decision } of withdrawn) {
                      await caseActions.decideHit(caseRecord.id, {
                        check,
                        hit,
                        decision: decision.decision,
                        rationale: decision.rationale,
                      })
                    }
                  },
                }),
              )
              .catch((error: unknown) => setFailure(caseErrorMessage(error)))
          }}
        />
      ))}
      {shown < total && (
        <Button variant="default" size="xs" onClick={() => setShown(shown + pageSize)}>
          Show {formatNumber(Math.min(pageSize, total - shown))} more of{' '}
          {formatNumber(total - shown)} remaining
        </Button>
      )}
      {undoable && <UndoNotice undoable={undoable} onDone={() => setUndoable(null)} />}
      {linking && <LinkCheckModal caseRecord={caseRecord} onClose={() => setLinking(false)} />}
    </Stack>
  )
}
