import { describe, expect, it } from 'vitest'
import { fixtureActor } from '../../test-support/evidenceFixtures'
import { storedCheck, walletRecord } from '../../test-support/storedChecks'
import { checkFolderName } from './bundleFormat'
import { summariseCheck } from './checkSummary'
import { renderReportHtml, type ReportModel } from './reportHtml'

const tornado = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'

const modelWith = (checks: ReportModel['checks']): ReportModel => ({
  createdAt: '2026-11-23T10:00:00.000Z',
  appVersion: 'test',
  signer: { ...fixtureActor, fingerprint: '00'.repeat(16), publicKey: '11'.repeat(32) },
  caseRecord: {
    id: 'case_1',
    title: 'Mixer withdrawals',
    subject: 'TC',
    description: '',
    state: 'open',
    createdAt: '2024-06-01T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    checkIds: checks.map((check) => check.localId),
    entityKeys: [],
  },
  checks,
  decisionOf: () => undefined,
  entities: [],
  notes: [],
  auditTrail: [],
  auditCheck: { intact: true, entries: 0, headHash: '0'.repeat(64) },
})

describe('the report', () => {
  it('shows each wallet checked more than once over time: hits new and no longer listed', () => {
    const checks = [
      storedCheck('2024-06-01T10:00:00.000Z_a', tornado, {
        sanctions: [walletRecord(tornado)],
      }),
      storedCheck('2026-11-23T09:00:00.000Z_b', tornado, {}),
      storedCheck('2026-11-23T09:05:00.000Z_c', '0x5ca1ab1e00000000000000000000000000000001', {}),
    ].map((check, index) => summariseCheck(check, checkFolderName(index + 1, check.check.id)))
    const html = renderReportHtml(modelWith(checks))
    const history = html.slice(
      html.indexOf('<h2>Wallets over time</h2>'),
      html.indexOf('<h2>Entities'),
    )
    expect(history).toContain(tornado)
    expect(history).toContain('2 checks')
    expect(history).toContain(`sanctions: ${tornado}`)
    // The wallet checked once has no history to show.
    expect(history).not.toContain('0x5ca1ab1e')
  })

  it('leaves the section out when no wallet was checked twice', () => {
    const once = [summariseCheck(storedCheck('2024-06-01T10:00:00.000Z_a', tornado, {}), '0001-a')]
    expect(renderReportHtml(modelWith(once))).not.toContain('Wallets over time')
  })
})

describe('the report from layout 3', () => {
  const rescreened = [
    storedCheck('2024-06-01T10:00:00.000Z_a', tornado, { sanctions: [walletRecord(tornado)] }),
    storedCheck('2026-11-23T09:00:00.000Z_b', tornado, { sanctions: [walletRecord(tornado)] }),
  ].map((check, index) => summariseCheck(check, checkFolderName(index + 1, check.check.id)))
  const hitsRowOf = (html: string) =>
    html.slice(
      html.indexOf('<table class="tally">'),
      html.indexOf('</table>', html.indexOf('<table class="tally">')),
    )

  it('counts the hits of a re-screened wallet once on its summary page, as the case reviews them', () => {
    const page = hitsRowOf(renderReportHtml(modelWith(rescreened)))
    // True match, false positive, needs review, undecided, hits: the wallet's latest check only.
    expect(page).toContain('<tr><td>0</td><td>0</td><td>0</td><td>1</td><td>1</td></tr>')
    // Layout 2 counted every check's hits: it still renders so, for the bundles it signed.
    expect(renderReportHtml(modelWith(rescreened), 2)).toContain('<tr><td>Hits</td><td>2</td></tr>')
  })

  it('says who did what: each actor with their entries counted by kind', () => {
    const entry = (seq: number, action: string) => ({
      caseId: 'case_1',
      seq,
      at: '2026-11-23T09:00:00.000Z',
      action,
      summary: action,
      before: null,
      after: null,
      prevHash: '0'.repeat(64),
      hash: '0'.repeat(64),
      actor: { ...fixtureActor, fingerprint: '00'.repeat(16) },
    })
    const trail = ['created', 'check-linked', 'check-linked', 'hit-decided', 'note-added'].map(
      (action, index) => entry(index + 1, action),
    )
    const html = renderReportHtml({ ...modelWith([]), auditTrail: trail })
    expect(html).toContain('1 case opened, 2 checks linked, 1 hit decision, 1 note')
  })

  it('puts the case number and title at the top of every printed page, as text that cannot end the style sheet', () => {
    const model = modelWith([])
    const title = 'Wallet "A" </style><script>alert(1)</script> \\ review'
    const html = renderReportHtml({ ...model, caseRecord: { ...model.caseRecord, title } })
    const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'))
    expect(style).toContain('@top-left { content: "CD-')
    expect(style).toContain(
      '\\22 A\\22  \\3c /style\\3e \\3c script\\3e alert(1)\\3c /script\\3e  \\5c  review"',
    )
    expect(html.match(/<\/style>/g)).toHaveLength(1)
  })
})
