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
