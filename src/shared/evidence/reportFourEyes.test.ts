import { describe, expect, it } from 'vitest'
import { fixtureActor } from '../../test-support/evidenceFixtures'
import { approvedClose, fourEyesAdmins } from '../../test-support/fourEyesCase'
import { caseChanges } from '../../test-support/teamDesks'
import { verifyAuditChain } from '../cases/auditChain'
import type { CaseRecord } from '../cases/caseSchemas'
import { oneDeskSentence } from '../team/fourEyes'
import { renderReportHtml, type ReportModel } from './reportHtml'
import { reportTeamOf } from './reportMeaning'
import { checkTeamEvidence } from './teamEvidence'

const closedCase = (id: string): CaseRecord => ({
  id,
  title: 'Listed wallet',
  subject: 'Wallet',
  description: '',
  state: 'closed',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T13:00:00.000Z',
  closure: {
    outcome: 'risk_confirmed',
    reason: 'Concluded.',
    closedAt: '2026-11-20T09:00:00.000Z',
  },
  checkIds: [],
  entityKeys: [],
})

const modelOf = (caseRecord: CaseRecord, more: Partial<ReportModel> = {}): ReportModel => ({
  createdAt: '2026-11-21T10:00:00.000Z',
  appVersion: 'test',
  signer: { ...fixtureActor, fingerprint: '00'.repeat(16), publicKey: '11'.repeat(32) },
  caseRecord,
  checks: [],
  decisionOf: () => undefined,
  entities: [],
  notes: [],
  auditTrail: [],
  auditCheck: { intact: true, entries: 0, headHash: '0'.repeat(64) },
  ...more,
})

/** The report of the shared case `approvedClose` writes, as the exporter renders it. */
function sharedReport(layout?: 3 | 4, benAfter?: Parameters<typeof approvedClose>[1]) {
  const closed = approvedClose('case_foureyes', benAfter)
  const check = checkTeamEvidence(closed.caseId, closed.entries, closed.roster, fourEyesAdmins)
  const team = { entries: closed.entries.length, authors: check.replay.authors, admins: ['ana'] }
  const html = renderReportHtml(
    modelOf(closedCase(closed.caseId), {
      auditTrail: check.trail,
      auditCheck: verifyAuditChain(check.trail),
      team: reportTeamOf(team, check),
      closeReview: check.closeReview,
    }),
    layout,
  )
  return { html, closed }
}

const section = (html: string, from: string, to: string): string =>
  html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)))

const approvedLine =
  'Approved by Ben Example (ben), a second reviewer, at 2026-11-20 12:00:00 UTC; closed by Ana Example (ana).'

describe('the report of a closed case, from layout 4', () => {
  it('says who approved a shared case’s close, in the summary and where the closure is shown', () => {
    const { html } = sharedReport()
    const summary = section(html, '<h2>Summary</h2>', '<h3>')
    const closure = section(html, '<h2>Closure</h2>', '<h2>Checks')
    for (const part of [summary, closure]) {
      expect(part).toContain(`<td>Second review</td><td><strong>${approvedLine}</strong></td>`)
    }
    expect(html).toContain("Team admins, as the team server's configuration names them: ana.")
  })

  it('says the trail’s four-eyes entries in words', () => {
    const { html } = sharedReport(undefined, { benAfter: () => caseChanges.assigned('ana') })
    const trail = section(html, '<h2>Audit trail</h2>', '</table>')
    expect(trail).toContain(
      'Asked for a second review to close as “Risk confirmed”: Ready to close.',
    )
    expect(trail).toContain('Approved the close requested by Ana Example (ana) as “Risk confirmed”')
    expect(trail).toContain('Assigned to Ana Example (ana)')
    const who = section(html, '<h3>Who did what</h3>', '</table>')
    expect(who).toContain('1 review requested')
    expect(who).toContain('1 approval, 1 assignment')
  })

  it('says a case closed on a desk with no team was closed without a second review', () => {
    const html = renderReportHtml(modelOf(closedCase('case_alone')))
    expect(section(html, '<h2>Summary</h2>', '<h3>')).toContain(
      `<td>Second review</td><td>${oneDeskSentence}</td>`,
    )
    expect(section(html, '<h2>Closure</h2>', '<h2>Checks')).toContain(oneDeskSentence)
  })

  it('says nothing of a review while the case is open, nor in layout 3', () => {
    const open = { ...closedCase('case_open'), state: 'open' as const }
    delete open.closure
    expect(renderReportHtml(modelOf(open))).not.toContain('Second review')
    const { html } = sharedReport(3)
    expect(html).not.toContain('Second review')
    expect(html).not.toContain('Team admins')
    expect(html).toContain('<td>Close approved</td>')
  })
})
