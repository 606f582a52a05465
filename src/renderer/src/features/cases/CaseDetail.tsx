import { Stack, Tabs } from '@mantine/core'
import { useState } from 'react'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import type { EnvironmentId } from '../../../../shared/environments'
import { lockReason } from '../../../../shared/cases/caseRules'
import { formatNumber } from '../../../../shared/text/counting'
import { CaseChecksPanel } from './CaseChecksPanel'
import { CaseEntitiesPanel } from './CaseEntitiesPanel'
import { CaseHeader } from './CaseHeader'
import { CaseNotesPanel } from './CaseNotesPanel'
import { CaseReviewPanel } from './CaseReviewPanel'
import { CaseTimeline } from './CaseTimeline'
import { isCaseTab, useCaseTab, type CaseSearch } from './caseAddress'

/** One case: what it is about, where it stands, its evidence, notes and trail. */
export function CaseDetail({
  caseRecord,
  environment,
  search,
}: {
  caseRecord: CaseRecord
  environment: EnvironmentId
  search: CaseSearch
}) {
  const [tab, showTab] = useCaseTab(caseRecord.id, search)
  // The tally reads every linked check: on the checks tab, the first checks are read first. The
  // checks panel reads them all anyway to tell each wallet's latest, so it says how many wallets.
  const [walletCount, setWalletCount] = useState<number | undefined>(undefined)
  const locked = lockReason(caseRecord)
  const editable = locked === null
  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="case-detail">
      <CaseHeader
        caseRecord={caseRecord}
        tallyWanted={walletCount !== undefined || tab !== 'checks'}
      />
      <CaseReviewPanel caseRecord={caseRecord} />
      <Tabs value={tab} onChange={(value) => value !== null && isCaseTab(value) && showTab(value)}>
        <Tabs.List>
          <Tabs.Tab value="checks" data-testid="case-tab-checks">
            {/* Each wallet once, as the tab lists them: its earlier checks are folded under it. */}
            Checks and hits{walletCount === undefined ? '' : ` (${formatNumber(walletCount)})`}
          </Tabs.Tab>
          <Tabs.Tab value="entities" data-testid="case-tab-entities">
            Entities ({formatNumber(caseRecord.entityKeys.length)})
          </Tabs.Tab>
          <Tabs.Tab value="notes" data-testid="case-tab-notes">
            Notes
          </Tabs.Tab>
          <Tabs.Tab value="timeline" data-testid="case-tab-timeline">
            Timeline
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checks" pt="sm">
          <CaseChecksPanel caseRecord={caseRecord} editable={editable} onShown={setWalletCount} />
        </Tabs.Panel>
        <Tabs.Panel value="entities" pt="sm">
          <CaseEntitiesPanel
            caseRecord={caseRecord}
            editable={editable}
            environment={environment}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="sm">
          <CaseNotesPanel caseRecord={caseRecord} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="timeline" pt="sm">
          <CaseTimeline caseId={caseRecord.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
