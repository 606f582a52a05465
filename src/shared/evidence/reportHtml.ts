import type { ExportedEntity } from '../bridge/evidenceContract'
import type { AuditChainCheck } from '../cases/auditChain'
import { tallyDecisions } from '../cases/caseRules'
import { caseOutcomeLabels, caseStateLabels, hitDecisionLabels } from '../cases/caseLabels'
import type { AuditEntry, CaseNote, CaseRecord, HitDecision } from '../cases/caseSchemas'
import type { HitKeys } from '../cases/checkHits'
import { groupedFingerprint, type Signer } from '../identity/investigator'
import { currentReportLayout, type ReportLayout } from './bundleFormat'
import type { ExportedCheckSummary } from './checkSummary'
import type { CloseReview } from './closeReview'
import { escapeHtml } from './htmlText'
import { closeReviewRow, reviewOfClose, trailEntryWhat, type ReportTeam } from './reportFourEyes'
import { reportLayoutParts, type ReportLayoutParts } from './reportLayouts'
import { actorName, environmentLabel, utc } from './reportText'
import { selfCheckSection } from './reportSelfCheck'
import { summaryPage } from './reportSummaryPage'
import { countOf, formatNumber, noun } from '../text/counting'

export interface ReportModel {
  createdAt: string
  appVersion: string
  signer: Signer
  caseRecord: CaseRecord
  checks: readonly ExportedCheckSummary[]
  decisionOf: (checkId: string, hit: HitKeys) => HitDecision | undefined
  entities: readonly ExportedEntity[]
  notes: readonly CaseNote[]
  auditTrail: readonly AuditEntry[]
  auditCheck: AuditChainCheck
  /** A shared case: everyone who signed its entries, by member (and from layout 4 on, more). */
  team?: ReportTeam
  /**
   * How the close of a shared case that stands closed was reviewed (layout 4 on). A closed case of
   * no team needs none given: it was closed on a one-person desk, and the report says so.
   */
  closeReview?: CloseReview | null
}

/** A model rendered in one layout: the sections read their layout's parts from it. */
export interface Rendering extends ReportModel {
  layout: ReportLayoutParts
}

const entityName = ({ entity, id }: ExportedEntity): string => {
  if (!entity) return id
  const person = [entity.firstName, entity.lastName].filter(Boolean).join(' ')
  return entity.name ?? (person || id)
}

// Inline only: the page must open offline and make no request of any kind (see the CSP below).
const styles = (layout: ReportLayoutParts): string => `
  :root { color: #1a1b1e; font: 10.5pt/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0 auto; max-width: 190mm; padding: 12mm 10mm; }
  h1 { font-size: 18pt; margin: 0 0 2mm; }
  h2 { font-size: 12.5pt; margin: 8mm 0 2mm; padding-bottom: 1mm; border-bottom: 1.5px solid #3b5bdb; }
  h3 { font-size: 10.5pt; margin: 4mm 0 1mm; }
  .meta { color: #555; margin: 0 0 4mm; }
  .badge { display: inline-block; padding: 0 2mm; border-radius: 2px; font-size: 9pt; font-weight: 600;
           border: 1px solid currentColor; }
  .state-closed { color: #2f7d3a; } .state-escalated { color: #c92a2a; } .state-in_review { color: #a65300; }
  .state-open { color: #1864ab; }
  table { width: 100%; border-collapse: collapse; margin: 1mm 0 3mm; }
  th, td { text-align: left; vertical-align: top; padding: 1mm 1.5mm; border-bottom: 0.5px solid #ccc; }
  th { font-size: 9pt; color: #444; background: #f1f3f5; }
  thead { display: table-header-group; }
  tr, .check, .note { break-inside: avoid; page-break-inside: avoid; }
  .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 9pt;
          word-break: break-all; }
  .summary td:first-child { width: 45%; color: #444; }
  .decision-true_match { color: #c92a2a; font-weight: 600; }
  .decision-false_positive { color: #2f7d3a; font-weight: 600; }
  .decision-needs_review { color: #a65300; font-weight: 600; }
  .undecided { color: #666; font-style: italic; }
  .note { border-left: 3px solid #ced4da; padding: 1mm 3mm; margin: 2mm 0; white-space: pre-wrap; }
  .intact { color: #2f7d3a; } .broken { color: #c92a2a; font-weight: 600; }
  .signature { border: 1.5px solid #3b5bdb; border-radius: 3px; padding: 2mm 3mm; margin: 0 0 4mm; }
  .signature p { margin: 0.5mm 0; }
  .actor { color: #444; }
  footer { margin-top: 8mm; color: #666; font-size: 9pt; }
${layout.styles}  @media print { body { max-width: none; padding: 0; } h2 { break-after: avoid; } }
`

function signatureBox({ signer }: Rendering): string {
  return `<section class="signature" aria-label="Signature">
  <p><strong>Signed by ${escapeHtml(signer.name)}</strong> &lt;${escapeHtml(signer.email)}&gt;, ${escapeHtml(signer.organisation)}</p>
  <p>Key fingerprint <span class="mono">${groupedFingerprint(signer.fingerprint)}</span> (Ed25519)</p>
  <p>Public key <span class="mono">${signer.publicKey}</span></p>
  <p class="meta">The signature in signature.json covers manifest.json, which lists every other
  file with its SHA-256. To check both and that this investigator signed it:
  <span class="mono">npm run verify-bundle -- FILE.zip --signer ${signer.fingerprint}</span></p>
</section>`
}

function summaryRows({ caseRecord, checks, decisionOf, layout }: Rendering): string {
  const tally = tallyDecisions(
    checks.flatMap((check) => check.hits.map((hit) => ({ checkId: check.localId, hit }))),
    decisionOf,
  )
  const rows: Array<[string, string]> = [
    ...layout.summaryLead(caseRecord),
    ['Subject', escapeHtml(caseRecord.subject)],
    [
      'State',
      `<span class="badge state-${caseRecord.state}">${caseStateLabels[caseRecord.state]}</span>`,
    ],
    ['Opened', utc(caseRecord.createdAt)],
    ['Last changed', utc(caseRecord.updatedAt)],
    ['Linked checks', formatNumber(checks.length)],
    ['Hits', formatNumber(tally.total)],
    ['True matches', formatNumber(tally.byDecision.true_match)],
    ['False positives', formatNumber(tally.byDecision.false_positive)],
    ['Needing review', formatNumber(tally.byDecision.needs_review)],
    ['Undecided', formatNumber(tally.undecided)],
  ]
  return rows.map(([label, value]) => `<tr><td>${label}</td><td>${value}</td></tr>`).join('')
}

function closureSection(model: Rendering): string {
  const closure = model.caseRecord.closure
  if (!closure) return ''
  const review = reviewOfClose(model)
  const [reviewLabel, reviewText] = review ? closeReviewRow(review) : []
  return `<h2>Closure</h2>
  <table class="summary"><tbody>
    <tr><td>Outcome</td><td><strong>${caseOutcomeLabels[closure.outcome]}</strong></td></tr>
    <tr><td>Closed</td><td>${utc(closure.closedAt)}</td></tr>
    <tr><td>Reason</td><td>${escapeHtml(closure.reason)}</td></tr>
    ${
      closure.undecidedHitsReason
        ? `<tr><td>Why hits were left undecided</td><td>${escapeHtml(closure.undecidedHitsReason)}</td></tr>`
        : ''
    }${reviewLabel ? `\n    <tr><td>${reviewLabel}</td><td>${reviewText}</td></tr>` : ''}
  </tbody></table>`
}

function checkSection(check: ExportedCheckSummary, model: Rendering): string {
  const hitRows = check.hits
    .map((hit) => {
      const decision = model.decisionOf(check.localId, hit)
      const verdict = decision
        ? `<span class="decision-${decision.decision}">${hitDecisionLabels[decision.decision]}</span><br>${escapeHtml(decision.rationale)}<br><span class="meta">by ${actorName(decision.decidedBy)}</span>`
        : '<span class="undecided">Undecided</span>'
      return `<tr>${model.layout.hitCells(hit)}<td>${verdict}</td></tr>`
    })
    .join('')
  return `<section class="check">
    <h3 class="mono">${escapeHtml(check.query)}</h3>
    <p class="meta">${environmentLabel(check.environment)} · checked ${utc(check.fetchedAt)} ·
      status ${escapeHtml(check.status)} · ${countOf(check.hits.length, noun('hit'))} · files in
      <span class="mono">checks/${escapeHtml(check.folder)}/</span></p>
    ${
      check.hits.length === 0
        ? ''
        : `<table><thead><tr>${model.layout.hitsHead}</tr></thead>
      <tbody>${hitRows}</tbody></table>`
    }
  </section>`
}

/**
 * Each wallet checked more than once in the case, its checks in time order: how many hits each
 * found, which were new since the check before and which were no longer listed.
 */
function walletHistorySection({ checks, layout }: Rendering): string {
  const byWallet = new Map<string, ExportedCheckSummary[]>()
  for (const check of checks) {
    const wallet = `${check.environment}|${check.queryKey}`
    byWallet.set(wallet, [...(byWallet.get(wallet) ?? []), check])
  }
  const series = [...byWallet.values()].filter((checksOfWallet) => checksOfWallet.length > 1)
  if (series.length === 0) return ''
  const titles = (keys: readonly string[], check: ExportedCheckSummary | undefined): string =>
    keys
      .map((key) => {
        const hit = check?.hits.find((candidate) => layout.hitKey(candidate) === key)
        return escapeHtml(hit ? layout.hitLine(hit) : key)
      })
      .join('<br>')
  const walletTable = (checksOfWallet: ExportedCheckSummary[]): string => {
    const ordered = [...checksOfWallet].sort((a, b) => a.fetchedAt.localeCompare(b.fetchedAt))
    const rows = ordered.map((check, index) => {
      const before = ordered[index - 1]
      const earlier = new Set(before?.hits.map(layout.hitKey) ?? [])
      const now = new Set(check.hits.map(layout.hitKey))
      const added = before ? [...now].filter((key) => !earlier.has(key)) : []
      const removed = [...earlier].filter((key) => !now.has(key))
      return `<tr><td>${utc(check.fetchedAt)}</td><td>${formatNumber(check.hits.length)}</td>
        <td>${titles(added, check)}</td><td>${titles(removed, before)}</td></tr>`
    })
    const first = ordered[0]!
    return `<h3 class="mono">${escapeHtml(first.query)}</h3>
    <p class="meta">${environmentLabel(first.environment)} · ${countOf(ordered.length, noun('check'))}</p>
    <table><thead><tr><th>Checked</th><th>Hits</th><th>New since the check before</th><th>No longer listed</th></tr></thead>
    <tbody>${rows.join('')}</tbody></table>`
  }
  return `<h2>Wallets over time</h2>${series.map(walletTable).join('')}`
}

function entitiesSection({ entities }: ReportModel): string {
  if (entities.length === 0) return '<p class="meta">No entity is linked.</p>'
  const rows = entities
    .map(
      (linked) =>
        `<tr><td>${escapeHtml(entityName(linked))}</td><td>${escapeHtml(linked.entity?.entityType ?? '')}</td>
        <td class="mono">${escapeHtml(linked.id)}</td><td>${environmentLabel(linked.environment)}</td></tr>`,
    )
    .join('')
  return `<table><thead><tr><th>Name</th><th>Type</th><th>Id</th><th>Environment</th></tr></thead>
    <tbody>${rows}</tbody></table>`
}

function notesSection({ notes }: ReportModel): string {
  if (notes.length === 0) return '<p class="meta">No notes.</p>'
  return notes
    .map(
      (note) =>
        `<div class="note"><div class="meta">${utc(note.createdAt)} · ${actorName(note.author)}</div>${escapeHtml(note.text)}</div>`,
    )
    .join('')
}

function auditSection({ auditTrail, auditCheck, layout, team }: Rendering): string {
  const what = (entry: AuditEntry): string =>
    layout.fourEyes ? trailEntryWhat(entry, team, auditTrail) : escapeHtml(entry.summary)
  const status = auditCheck.intact
    ? `<p class="intact">The trail's ${auditCheck.entries} entries chain intact (SHA-256).</p>`
    : `<p class="broken">The trail is broken at entry ${auditCheck.seq}: ${escapeHtml(auditCheck.problem)}.</p>`
  const rows = auditTrail
    .map(
      (entry) =>
        `<tr><td>${entry.seq}</td><td>${utc(entry.at)}</td><td>${actorName(entry.actor)}</td>
        <td>${what(entry)}</td><td class="mono">${entry.hash.slice(0, 12)}…</td></tr>`,
    )
    .join('')
  return `${status}<table><thead><tr><th>#</th><th>When</th><th>Who</th><th>What</th><th>Hash</th></tr></thead>
    <tbody>${rows}</tbody></table>`
}

/**
 * The bundle's human-readable report: one self-contained page, no script, no external request,
 * laid out to print on A4 and Letter alike. In the current layout unless a bundle of an earlier
 * one is being checked.
 */
export function renderReportHtml(
  report: ReportModel,
  layoutVersion: ReportLayout = currentReportLayout,
): string {
  const layout = reportLayoutParts[layoutVersion]
  const model: Rendering = { ...report, layout }
  const { caseRecord } = model
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${layout.title(caseRecord)}</title>
<style>${styles(layout)}${layout.pageRule(caseRecord)}</style>
</head>
<body>
<header>
${layout.headerLead(caseRecord)}  <h1>${escapeHtml(caseRecord.title)}</h1>
  <p class="meta">Case ${escapeHtml(caseRecord.id)} · exported ${utc(model.createdAt)} by ${escapeHtml(model.signer.name)} with Compliance Desk ${escapeHtml(model.appVersion)}</p>
</header>
${
  layout.summaryPage
    ? `<section class="summary-page" aria-label="Summary page">
${signatureBox(model)}
${summaryPage(model)}</section>`
    : `${signatureBox(model)}
<h2>Summary</h2>
<table class="summary"><tbody>${summaryRows(model)}</tbody></table>`
}
${caseRecord.description ? `<h2>Description</h2><div class="note">${escapeHtml(caseRecord.description)}</div>` : ''}
${closureSection(model)}
<h2>Checks and hit decisions</h2>
${model.checks.length === 0 ? '<p class="meta">No check is linked.</p>' : model.checks.map((check) => checkSection(check, model)).join('')}
${walletHistorySection(model)}
<h2>Entities</h2>
${entitiesSection(model)}
<h2>Notes</h2>
${notesSection(model)}
<h2>Audit trail</h2>
${auditSection(model)}
${layout.summaryPage ? selfCheckSection(model.signer, layout.fourEyes) : ''}<footer>Every file of this bundle is listed with its size and SHA-256 in manifest.json, signed in
signature.json. The raw answers of the service are kept byte for byte in checks/*/response.raw. To
check that nothing changed: <span class="mono">npm run verify-bundle -- FILE.zip</span>, or the
Verify screen of Compliance Desk.</footer>
</body>
</html>
`
}
