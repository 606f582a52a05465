import { Button, Paper, Stack, Text } from '@mantine/core'
import { forwardRef, useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import type { HitDecision } from '../../../../shared/cases/caseSchemas'
import { hitsOf, type CheckHit } from '../../../../shared/cases/checkHits'
import {
  decisionInReview,
  decisionsOfCase,
  noLongerListed,
  type WalletUnderReview,
} from '../../../../shared/cases/caseReview'
import { groupHitsByRecord, type RecordGroup } from '../../../../shared/cases/recordGroups'
import { countOf, noun } from '../../../../shared/text/counting'
import { CaseCheckHeader } from './CaseCheckHeader'
import { CaseRecordHits } from './CaseRecordHits'
import type { StandingDecision } from './HitDecisionRow'

/**
 * The hits of a record on every chain the list gives it, offered once (on its first card) to be
 * decided together; empty when the record is listed for one chain only.
 */
function everyChainOf(
  groups: readonly RecordGroup[],
  index: number,
  hits: readonly CheckHit[],
): CheckHit[] {
  const records = new Set(groups[index]?.hits.map((hit) => hit.chainlessKey))
  const first = groups.findIndex((group) => group.hits.some((hit) => records.has(hit.chainlessKey)))
  const same = hits.filter((hit) => records.has(hit.chainlessKey))
  const chains = new Set(same.map((hit) => hit.chains.join(',')))
  return first === index && chains.size > 1 ? same : []
}

const earlierCheck = noun('earlier check')

/**
 * One wallet of a case: its latest check with each matched record once and the decision standing
 * on each hit, the records it no longer lists (read only), and its earlier checks folded under it
 * as history. Only the latest check's hits are decided: a re-screen never doubles the review.
 */
export const CaseWalletCard = forwardRef<
  HTMLDivElement,
  {
    caseId: string
    wallet: WalletUnderReview<ExportedCheck>
    decisions: ReadonlyMap<string, HitDecision>
    editable: boolean
    /** The checks are in this computer's History (not only in an imported bundle). */
    inHistory: boolean
    onUnlink: (check: ExportedCheck) => void
  }
>(function CaseWalletCard({ caseId, wallet, decisions, editable, inHistory, onUnlink }, ref) {
  const [earlierShown, setEarlierShown] = useState(false)
  const { latest, earlier } = wallet
  const hits = hitsOf(latest.check)
  const groups = groupHitsByRecord(hits)
  const gone = noLongerListed(wallet)
  // A record no longer listed was decided, if at all, on an earlier check: that goes unsaid.
  const standingOf = (hit: CheckHit): StandingDecision => {
    const decision = decisionInReview(decisionsOfCase(decisions, caseId), wallet, hit)
    return {
      decision,
      decidedOnEarlier:
        decision && decision.checkId !== latest.localId ? decision.checkId : undefined,
    }
  }
  const unlink = editable ? onUnlink : undefined
  return (
    <Paper
      ref={ref}
      withBorder
      radius="sm"
      p="sm"
      tabIndex={-1}
      aria-label={`Wallet ${latest.query}`}
      data-testid="case-wallet"
    >
      <CaseCheckHeader
        check={latest}
        inHistory={inHistory}
        onUnlink={unlink && (() => unlink(latest))}
      />
      {groups.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          No hit: nothing to decide.
        </Text>
      )}
      {groups.map((group, index) => (
        <CaseRecordHits
          key={group.groupKey}
          everyChain={everyChainOf(groups, index, hits)}
          caseId={caseId}
          check={latest}
          group={group}
          standingOf={standingOf}
          editable={editable}
        />
      ))}
      {groupHitsByRecord(gone.map(({ hit }) => hit)).map((group) => {
        const lost = gone.filter(({ hit }) => group.hits.includes(hit))
        return (
          <CaseRecordHits
            key={`gone ${group.groupKey}`}
            everyChain={[]}
            caseId={caseId}
            check={lost[0]?.check ?? latest}
            group={group}
            standingOf={(hit) => ({ ...standingOf(hit), decidedOnEarlier: undefined })}
            editable={false}
            lostSince={new Map(lost.map(({ hit, since }) => [hit.hitKey, since]))}
          />
        )
      })}
      {earlier.length > 0 && (
        <Stack gap={4} mt={6}>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={earlierShown}
            onClick={() => setEarlierShown(!earlierShown)}
            data-testid="case-earlier-toggle"
          >
            {earlierShown ? 'Hide' : 'Show'} {countOf(earlier.length, earlierCheck)}
          </Button>
          {earlierShown &&
            earlier.map((check) => (
              <Stack
                key={check.localId}
                gap={2}
                pl="sm"
                style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
                data-testid="case-earlier-check"
              >
                <CaseCheckHeader
                  check={check}
                  inHistory={inHistory}
                  onUnlink={unlink && (() => unlink(check))}
                />
                <Text size="xs" c="dimmed">
                  {countOf(hitsOf(check.check).length, noun('hit'))} then; its records are reviewed
                  on the latest check above.
                </Text>
              </Stack>
            ))}
        </Stack>
      )}
    </Paper>
  )
})
