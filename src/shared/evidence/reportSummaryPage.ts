import { caseOutcomeLabels, caseStateLabels, hitDecisionLabels } from '../cases/caseLabels'
import { tallyReview } from '../cases/caseRules'
import { hitDecisionKinds, type AuditEntry } from '../cases/caseSchemas'
import { walletsUnderReview } from '../cases/caseReview'
import { groupedFingerprint } from '../identity/investigator'
import { countOf, formatNumber, noun, type Noun } from '../text/counting'
import { escapeHtml } from './htmlText'
import {
  adminsNote,
  closeReviewRow,
  fourEyesEntryKinds,
  reviewOfClose,
  type ReportTeam,
} from './reportFourEyes'
import type { Rendering } from './reportHtml'
import { actorName, utc } from './reportText'

/** Each kind of trail entry as a count of what it did ("3 checks linked"). */
const entryKinds: Record<string, Noun> = {
  created: noun('case opened', 'cases opened'),
  'check-linked': noun('check linked', 'checks linked'),
  'check-unlinked': noun('check unlinked', 'checks unlinked'),
  'entity-linked': noun('entity linked', 'entities linked'),
  'entity-unlinked': noun('entity unlinked', 'entities unlinked'),
  'bulk-job-linked': noun('bulk job linked', 'bulk jobs linked'),
  'hit-decided': noun('hit decision'),
  rescreened: noun('re-screen'),
  'note-added': noun('note'),
  'state-changed': noun('state change'),
  closed: noun('closing'),
  reopened: noun('reopening'),
  exported: noun('export'),
}

/** The kinds a layout counts by: from layout 4 on, the four-eyes entries too. */
const kindsOf = (fourEyes: boolean): Record<string, Noun> =>
  fourEyes ? { ...entryKinds, ...fourEyesEntryKinds } : entryKinds

/**
 * Who did what, from the trail: each actor (by key; entries older than actors were recorded
 * apart) with their entries counted by kind, in the order each person and kind first appears. In a
 * shared case each actor is also named by the team member whose key signed their entries.
 */
function whoDidWhat(
  trail: readonly AuditEntry[],
  team: ReportTeam | undefined,
  kinds: Record<string, Noun>,
): string {
  // An action a later version writes is still counted, under its own name.
  const kindOf = (action: string): Noun => kinds[action] ?? noun(`“${action}” entry`)
  const memberOf = new Map(team?.authors.map(({ member, author }) => [author.fingerprint, member]))
  const byActor = new Map<string, { entry: AuditEntry; kinds: Map<string, number> }>()
  for (const entry of trail) {
    const key = entry.actor?.fingerprint ?? ''
    const actor = byActor.get(key) ?? { entry, kinds: new Map<string, number>() }
    actor.kinds.set(entry.action, (actor.kinds.get(entry.action) ?? 0) + 1)
    byActor.set(key, actor)
  }
  if (byActor.size === 0) return '<p class="meta">The audit trail has no entry.</p>'
  const rows = [...byActor.values()].map(({ entry: { actor }, kinds }) => {
    const what = [...kinds].map(([action, count]) => countOf(count, kindOf(action))).join(', ')
    const entries = [...kinds.values()].reduce((sum, count) => sum + count, 0)
    const member = actor && memberOf.get(actor.fingerprint)
    const key = actor
      ? `${member ? `<br>team member ${escapeHtml(member)}` : ''}<br><span class="code">${groupedFingerprint(actor.fingerprint)}</span>`
      : ''
    return `<tr><td>${actorName(actor)}${key}</td><td class="count">${formatNumber(entries)}</td><td>${what}</td></tr>`
  })
  return `<table class="who"><thead><tr><th>Who (signing key)</th><th class="count">Entries</th><th>What</th></tr></thead>
    <tbody>${rows.join('')}</tbody></table>`
}

/** What the signatures of a shared case's entries vouch for, and whose they are. */
function sharedCaseNote({ authors }: ReportTeam): string {
  const members = [...new Set(authors.map(({ member }) => member))].map(escapeHtml)
  return `<p class="meta">A case shared in a team, written by ${countOf(members.length, noun('member'))} (${members.join(', ')}): each entry is signed by its author's own key, as kept in team/entries.json, and each key was published by its member in the team's roster (team/roster.json). The signature over the bundle is the exporter's.</p>
`
}

/**
 * The first page of the report (layout 3 on): which case, where it stands and how it ended, its
 * hits counted by decision with the case rules the app reviews by (each wallet's latest check,
 * each record once), and who did what.
 */
export function summaryPage(model: Rendering): string {
  const { caseRecord, checks, decisionOf, auditTrail, team, layout } = model
  const { closure } = caseRecord
  const review = reviewOfClose(model)
  const wallets = walletsUnderReview(checks).length
  const tally = tallyReview(checks, (check) => check.hits, decisionOf)
  const rows: Array<[string, string]> = [
    ['Subject', escapeHtml(caseRecord.subject)],
    [
      'State',
      `<span class="badge state-${caseRecord.state}">${caseStateLabels[caseRecord.state]}</span>`,
    ],
    [
      'Outcome',
      closure
        ? `<strong>${caseOutcomeLabels[closure.outcome]}</strong>, closed ${utc(closure.closedAt)}`
        : '<span class="undecided">None yet: the case is not closed</span>',
    ],
    ...(review ? [closeReviewRow(review)] : []),
    ['Opened', utc(caseRecord.createdAt)],
    ['Last changed', utc(caseRecord.updatedAt)],
    ['Checks', `${countOf(checks.length, noun('check'))} of ${countOf(wallets, noun('wallet'))}`],
  ]
  const counts: Array<[string, number]> = [
    ...hitDecisionKinds.map((kind): [string, number] => [
      `<span class="decision-${kind}">${hitDecisionLabels[kind]}</span>`,
      tally.byDecision[kind],
    ]),
    ['<span class="undecided">Undecided</span>', tally.undecided],
    ['Hits', tally.total],
  ]
  return `<h2>Summary</h2>
<table class="summary"><tbody>${rows.map(([label, value]) => `<tr><td>${label}</td><td>${value}</td></tr>`).join('')}</tbody></table>
<h3>Hits by decision</h3>
<table class="tally"><thead><tr>${counts.map(([label]) => `<th>${label}</th>`).join('')}</tr></thead>
<tbody><tr>${counts.map(([, count]) => `<td>${formatNumber(count)}</td>`).join('')}</tr></tbody></table>
<p class="meta">Counted over each wallet's latest check, each record once: a wallet's earlier checks are its history.</p>
<h3>Who did what</h3>
${team ? sharedCaseNote(team) : ''}${team && layout.fourEyes ? adminsNote(team) : ''}${whoDidWhat(auditTrail, team, kindsOf(layout.fourEyes))}
`
}
