import { z } from 'zod'
import {
  caseOutcomeLabels,
  caseStateLabels,
  hitDecisionLabels,
} from '../../../../shared/cases/caseLabels'
import {
  caseClosureSchema,
  caseNoteSchema,
  caseStateSchema,
  hitDecisionSchema,
  type AuditEntry,
  type HitDecision,
} from '../../../../shared/cases/caseSchemas'
import { hitKeyParts } from '../../../../shared/cases/checkHits'
import { fourEyesActionNames, fourEyesActions } from '../../../../shared/cases/fourEyesActions'
import { reviewRequestSchema, reviewSendBackSchema } from '../../../../shared/team/fourEyesEntries'
import { caseAssignmentSchema } from '../../../../shared/team/teamAssignment'
import {
  untrustedRestoreAction,
  untrustedRestoreSchema,
} from '../../../../shared/cases/untrustedRestore'
import { environmentLabels, type EnvironmentId } from '../../../../shared/environments'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { categoryLabel } from '../../components/checkLabels'
import { formatLocalDateTime } from '../../components/formatTime'
import { actorLabel, memberLabel, membersLabel, type RosterNames } from './fourEyesWords'
import { shownLines } from './shownLines'

/** The kinds of change a reader filters the trail by, each the actions it stands for. */
export const trailKinds = {
  decisions: { label: 'Decisions', actions: ['hit-decided', 'rescreened'] },
  notes: { label: 'Notes', actions: ['note-added'] },
  links: {
    label: 'Checks and entities',
    actions: [
      'check-linked',
      'check-unlinked',
      'entity-linked',
      'entity-unlinked',
      'bulk-job-linked',
    ],
  },
  state: { label: 'State', actions: ['created', 'state-changed', 'closed', 'reopened'] },
  review: { label: 'Review and assignment', actions: fourEyesActionNames },
  exports: { label: 'Exports and restores', actions: ['exported', untrustedRestoreAction] },
} as const

/** What a timeline entry says: one line of what happened, then the lines that say it in full. */
export interface EntryWords {
  headline: string
  details: string[]
}

/**
 * What the entries of a shared case need to be said in full: members by their names, and the
 * close request an approval or a sending back answers (the trail's latest before it: a reviewer
 * answers the request that waits, and the trail is in the case's one order).
 */
export interface TrailContext {
  roster: RosterNames
  trail: readonly AuditEntry[]
}

const noContext: TrailContext = { roster: [], trail: [] }

/** The parts of entries this reads; an entry that does not hold them is said by its summary. */
const checkRefSchema = z.object({ query: z.string(), fetchedAt: z.string() })
const entityRefSchema = z.object({ environment: z.string(), id: z.string(), name: z.string() })
const createdSchema = z.object({ title: z.string(), subject: z.string(), description: z.string() })
const reasonSchema = z.object({ reason: z.string().optional() })
const rescreenSchema = z.object({
  earlier: z.object({ fetchedAt: z.string() }),
  later: z.object({ fetchedAt: z.string() }),
})
const exportSchema = z.object({ fileName: z.string(), sha256: z.string(), bytes: z.number() })

const when = (iso: string): string => formatLocalDateTime(iso)

const checkMade = (iso: string) => `The check was made ${when(iso)}.`

/** "Sanctions hit on 0x5ca1… held by Sim, Hyon Sop on ETH", as the decision names its record. */
function hitWords(decision: HitDecision): string {
  const { chains, holders } = hitKeyParts(decision.hitKey)
  return [
    `${categoryLabel(decision.category)} hit on ${shown(decision.recordTitle)}`,
    holders.length > 0 ? ` held by ${holders.map(shown).join(' and ')}` : '',
    chains.length > 0 ? ` on ${chains.map(shown).join(', ')}` : '',
  ].join('')
}

/** Set when the investigator chose to decide several records at once, as the summary says it. */
const togetherIn = (summary: string, decision: HitDecision): string | undefined =>
  summary.startsWith(`${hitDecisionLabels[decision.decision]} (`)
    ? /^[^(]+\(([^)]+)\):/.exec(summary)?.[1]
    : undefined

function decisionWords(entry: AuditEntry): EntryWords | null {
  const decision = hitDecisionSchema.safeParse(entry.after)
  if (!decision.success) return null
  const earlier = hitDecisionSchema.safeParse(entry.before)
  const together = togetherIn(entry.summary, decision.data)
  return {
    headline: `${hitDecisionLabels[decision.data.decision]}: ${hitWords(decision.data)}`,
    details: [
      `Rationale: ${shown(decision.data.rationale)}`,
      ...(earlier.success
        ? [
            `Was ${hitDecisionLabels[earlier.data.decision].toLowerCase()}: ${shown(earlier.data.rationale)}`,
          ]
        : []),
      ...(together ? [`Decided with the others: ${together}.`] : []),
    ],
  }
}

const requestAnswered = (entry: AuditEntry, { trail }: TrailContext) =>
  trail.findLast(
    (earlier) => earlier.seq < entry.seq && earlier.action === fourEyesActions.reviewRequested,
  )

/** "the close requested by Alex (alex) as “Risk confirmed”", or less when the trail lacks it. */
function requestWords(entry: AuditEntry, context: TrailContext): string {
  const request = requestAnswered(entry, context)
  if (!request) return 'the close request'
  const asked = reviewRequestSchema.safeParse(request.after).data
  return `the close requested by ${actorLabel(context.roster, request.actor)}${asked ? ` as “${caseOutcomeLabels[asked.outcome]}”` : ''}`
}

/** Four-eyes review and assignment: who works on the case, who asked to close it, who answered. */
const fourEyesDescribers: Record<string, Describer> = {
  [fourEyesActions.assigned]: (entry, { roster }) => {
    const assigned = caseAssignmentSchema.safeParse(entry.after)
    if (!assigned.success) return null
    const earlier = caseAssignmentSchema.safeParse(entry.before).data?.member
    const { member } = assigned.data
    return {
      headline: member ? `Assigned to ${memberLabel(roster, member)}` : 'Unassigned',
      details: earlier ? [`Was assigned to ${memberLabel(roster, earlier)}.`] : [],
    }
  },
  [fourEyesActions.reviewRequested]: (entry, { roster }) => {
    const request = reviewRequestSchema.safeParse(entry.after)
    if (!request.success) return null
    const { outcome, reason, reviewers } = request.data
    return {
      headline: `Asked for review before closing as ${caseOutcomeLabels[outcome]}: ${shown(reason)}`,
      details: [`Reviewers asked: ${membersLabel(roster, reviewers) || 'nobody'}.`],
    }
  },
  [fourEyesActions.approved]: (entry, context) => ({
    headline: `Approved ${requestWords(entry, context)}`,
    details: [],
  }),
  [fourEyesActions.sentBack]: (entry, context) => {
    const sending = reviewSendBackSchema.safeParse(entry.after)
    if (!sending.success) return null
    return {
      headline: `Sent back: ${shown(sending.data.reason)}`,
      details: [`Answers ${requestWords(entry, context)}.`],
    }
  },
}

type Describer = (entry: AuditEntry, context: TrailContext) => EntryWords | null

/** Each action in full, from what its entry holds; null when the entry does not hold it. */
const describers: Record<string, Describer> = {
  ...fourEyesDescribers,
  created: (entry) => {
    const created = createdSchema.safeParse(entry.after)
    if (!created.success) return null
    const { title, subject, description } = created.data
    return {
      headline: `Case opened: ${shown(title)}`,
      details: [`Subject: ${shown(subject)}`, ...(description ? shownLines(description) : [])],
    }
  },
  'state-changed': (entry) => {
    const before = z.object({ state: caseStateSchema }).safeParse(entry.before)
    const after = z.object({ state: caseStateSchema }).and(reasonSchema).safeParse(entry.after)
    if (!before.success || !after.success) return null
    return {
      headline: `Moved from ${caseStateLabels[before.data.state]} to ${caseStateLabels[after.data.state]}`,
      details: after.data.reason ? [`Reason: ${shown(after.data.reason)}`] : ['No reason given.'],
    }
  },
  closed: (entry) => {
    const closing = z.object({ closure: caseClosureSchema }).safeParse(entry.after)
    if (!closing.success) return null
    const { outcome, reason, undecidedHitsReason } = closing.data.closure
    return {
      headline: `Closed: ${caseOutcomeLabels[outcome]}`,
      details: [
        `Reason: ${shown(reason)}`,
        ...(undecidedHitsReason
          ? [`Hits left undecided because: ${shown(undecidedHitsReason)}`]
          : []),
      ],
    }
  },
  reopened: (entry) => {
    const reopening = reasonSchema.safeParse(entry.after)
    if (!reopening.success) return null
    return {
      headline: 'Reopened',
      details: reopening.data.reason ? [`Reason: ${shown(reopening.data.reason)}`] : [],
    }
  },
  'hit-decided': decisionWords,
  'check-linked': (entry) => {
    const check = checkRefSchema.safeParse(entry.after)
    if (!check.success) return null
    return {
      headline: `Check linked: ${shown(check.data.query)}`,
      details: [checkMade(check.data.fetchedAt)],
    }
  },
  'check-unlinked': (entry) => {
    const unlinking = z
      .object({ check: checkRefSchema, decisions: z.array(z.unknown()) })
      .safeParse(entry.before)
    if (!unlinking.success) return null
    const withdrawn = unlinking.data.decisions.length
    return {
      headline: `Check unlinked: ${shown(unlinking.data.check.query)}`,
      details: [
        checkMade(unlinking.data.check.fetchedAt),
        withdrawn > 0
          ? `${countOf(withdrawn, noun('decision'))} on its hits withdrawn with it.`
          : 'No decision on its hits was withdrawn.',
      ],
    }
  },
  'entity-linked': (entry) => entityWords('linked', entry.after),
  'entity-unlinked': (entry) => entityWords('unlinked', entry.before),
  'note-added': (entry) => {
    const note = caseNoteSchema.safeParse(entry.after)
    if (!note.success) return null
    return { headline: 'Note added', details: shownLines(note.data.text) }
  },
  rescreened: (entry) => {
    const rescreen = rescreenSchema.safeParse(entry.after)
    if (!rescreen.success) return null
    return {
      headline: shown(entry.summary),
      details: [
        `The check of ${when(rescreen.data.later.fetchedAt)} now stands for the wallet; the check of ${when(rescreen.data.earlier.fetchedAt)} stays as its history.`,
      ],
    }
  },
  [untrustedRestoreAction]: (entry) => {
    const restore = untrustedRestoreSchema.safeParse(entry.after)
    if (!restore.success) return null
    const { fileName, manifestSha256, reason } = restore.data
    return {
      headline: `Restored from an untrusted backup: ${shown(fileName)}`,
      details: [
        `Not trusted because: ${shown(reason)}`,
        `Its backup.json has SHA-256 ${manifestSha256}.`,
        'What this case holds from before cannot be vouched for, so it is never exported under this computer’s signature.',
      ],
    }
  },
  exported: (entry) => {
    const exported = exportSchema.safeParse(entry.after)
    if (!exported.success) return null
    return {
      headline: `Evidence bundle exported: ${shown(exported.data.fileName)}`,
      details: [`${formatNumber(exported.data.bytes)} bytes, SHA-256 ${exported.data.sha256}`],
    }
  },
}

function entityWords(change: 'linked' | 'unlinked', value: unknown): EntryWords | null {
  const entity = entityRefSchema.safeParse(value)
  if (!entity.success) return null
  const where =
    environmentLabels[entity.data.environment as EnvironmentId] ?? entity.data.environment
  return {
    headline: `Entity ${change}: ${shown(entity.data.name)}`,
    details: [`${shown(entity.data.id)} in ${shown(where)}`],
  }
}

/**
 * What a trail entry says in full, read from what it holds (the record and category decided, the
 * decision, its rationale, the note's text, the state and its reason), every text from outside
 * made safe to show. Entries of actions this version does not know, or that do not hold what they
 * should, are said by their own summary.
 */
/** The actions this says in full, each by what its entry holds. */
export const describedActions: readonly string[] = Object.keys(describers)

export const entryWords = (entry: AuditEntry, context: TrailContext = noContext): EntryWords =>
  (Object.hasOwn(describers, entry.action) ? describers[entry.action]?.(entry, context) : null) ?? {
    headline: shown(entry.summary),
    details: [],
  }
