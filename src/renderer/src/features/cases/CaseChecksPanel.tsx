import { Alert, Button, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { CaseWalletCard } from './CaseWalletCard'
import { useCaseWallets } from '../../data/cases/caseQueries'
import { useCaseActions } from '../../data/cases/useCaseActions'
import { LinkCheckModal } from './LinkCheckModal'
import { PanelToolbar } from './PanelToolbar'
import { UndoNotice, type Undoable } from '../../components/UndoNotice'
import { decisionOnHit, hitsOf } from '../../../../shared/cases/checkHits'
import { middleEllipsis } from '../../../../shared/text/middleEllipsis'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { UnlinkCheckModal } from './UnlinkCheckModal'
import {
  unlinkingEffect,
  type UnlinkingEffect,
  type WalletUnderReview,
} from '../../../../shared/cases/caseReview'

const linkedCheck = noun('linked check')

/** Wallets are shown this many at a time: a case may hold thousands. */
const pageSize = 50

/** The decisions on a check's hits, with the hit each concerns: what Undo decides again. */
const decisionsOn = (
  caseId: string,
  check: ExportedCheck,
  decisions: ReadonlyMap<string, HitDecision>,
) =>
  hitsOf(check.check).flatMap((hit) => {
    const decision = decisionOnHit(decisions, caseId, check.localId, hit)
    return decision ? [{ hit, decision }] : []
  })

/** A check being unlinked, asked about first, and where the keyboard goes once it is gone. */
interface Unlinking {
  check: ExportedCheck
  /** The withdrawn decisions by hit, for Undo to record again. */
  decidedAgain: ReturnType<typeof decisionsOn>
  /** What the dialog says unlinking withdraws, and what stays. */
  effect: UnlinkingEffect<HitDecision>
  /** What had the keyboard when it was asked: it gets it back if the check stays. */
  opener: HTMLElement | null
  /** The wallet card that stays (its own, when the wallet keeps another check; else a neighbour). */
  focusAfter: () => HTMLElement | null
}

export function CaseChecksPanel({
  caseRecord,
  editable,
  onShown,
}: {
  caseRecord: CaseRecord
  editable: boolean
  /**
   * Told once the first checks are on screen, and again whenever the number of wallets changes:
   * the rows this panel shows, each wallet once however many checks it has.
   */
  onShown: (walletCount: number) => void
}) {
  const [shown, setShown] = useState(pageSize)
  const [linking, setLinking] = useState(false)
  const [undoable, setUndoable] = useState<Undoable | null>(null)
  const [unlinking, setUnlinking] = useState<Unlinking | null>(null)
  // Where the keyboard goes once the unlink dialog has gone, unlinked or not.
  const focusNext = useRef<HTMLElement | null>(null)
  const cards = useRef(new Map<string, HTMLDivElement>())
  const linkButton = useRef<HTMLDivElement>(null)
  const caseActions = useCaseActions()
  const view = useCaseWallets(caseRecord, shown)
  const walletCount = view?.walletCount
  useEffect(() => {
    if (walletCount !== undefined) onShown(walletCount)
  }, [walletCount, onShown])
  useEffect(() => {
    if (unlinking) return
    focusNext.current?.focus()
    focusNext.current = null
  }, [unlinking])
  const total = caseRecord.checkIds.length

  const startUnlinking = (
    check: ExportedCheck,
    wallet: WalletUnderReview<ExportedCheck>,
    walletKey: string,
  ) => {
    if (!view) return
    const keepsOthers = wallet.earlier.length > 0
    const keys = view.wallets.map(({ latest }) => `${latest.environment}|${latest.queryKey}`)
    const index = keys.indexOf(walletKey)
    const neighbour = keys[index + 1] ?? keys[index - 1]
    setUnlinking({
      check,
      opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      decidedAgain: decisionsOn(caseRecord.id, check, view.decisions),
      effect: unlinkingEffect(caseRecord.id, wallet, check, view.decisions, ({ check }) =>
        hitsOf(check),
      ),
      focusAfter: () =>
        cards.current.get(keepsOthers ? walletKey : (neighbour ?? '')) ??
        linkButton.current?.querySelector('button') ??
        null,
    })
  }

  const unlink = async ({ check, decidedAgain, effect, focusAfter }: Unlinking) => {
    const withdrawn = effect.withdrawn.length
    const ref = { localId: check.localId, query: check.query, fetchedAt: check.fetchedAt }
    await caseActions.unlinkCheck(caseRecord.id, ref)
    focusNext.current = focusAfter()
    setUnlinking(null)
    setUndoable({
      message: `Check of ${middleEllipsis(check.query)} unlinked${withdrawn > 0 ? `, with ${countOf(withdrawn, noun('decision'))} on its hits` : ''}.`,
      // Linked again, and each withdrawn decision recorded again as it was: the trail keeps the
      // unlinking and the undoing both.
      undo: async () => {
        await caseActions.linkCheck(caseRecord.id, ref)
        for (const { hit, decision } of decidedAgain) {
          await caseActions.decideHit(caseRecord.id, {
            check,
            hit,
            decision: decision.decision,
            rationale: decision.rationale,
          })
        }
      },
    })
  }

  return (
    <Stack gap="sm" data-testid="case-review">
      {editable && (
        <div ref={linkButton}>
          <PanelToolbar
            editable
            label="Link a check"
            hint="Or use “Add to case” on a search result."
            testId="case-link-check"
            onLink={() => setLinking(true)}
            // Unlinking is refused in its own dialog: nothing else here can fail.
            failure={null}
            onDismiss={() => undefined}
          />
        </div>
      )}
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
      {view?.wallets.map((wallet) => {
        const walletKey = `${wallet.latest.environment}|${wallet.latest.queryKey}`
        return (
          <CaseWalletCard
            key={walletKey}
            ref={(card) => {
              if (card) cards.current.set(walletKey, card)
              else cards.current.delete(walletKey)
            }}
            caseId={caseRecord.id}
            wallet={wallet}
            decisions={view.decisions}
            editable={editable}
            inHistory={!caseRecord.origin}
            onUnlink={(check) => startUnlinking(check, wallet, walletKey)}
          />
        )
      })}
      {walletCount !== undefined && shown < walletCount && (
        <Button variant="default" size="xs" onClick={() => setShown(shown + pageSize)}>
          Show {formatNumber(Math.min(pageSize, walletCount - shown))} more of{' '}
          {formatNumber(walletCount - shown)} remaining wallets
        </Button>
      )}
      {undoable && <UndoNotice undoable={undoable} onDone={() => setUndoable(null)} />}
      {unlinking && (
        <UnlinkCheckModal
          check={unlinking.check}
          effect={unlinking.effect}
          onUnlink={() => unlink(unlinking)}
          onClose={() => {
            focusNext.current = unlinking.opener
            setUnlinking(null)
          }}
        />
      )}
      {linking && <LinkCheckModal caseRecord={caseRecord} onClose={() => setLinking(false)} />}
    </Stack>
  )
}
