import { cryptoCheckOfRaw } from '../../../shared/api/cryptoAnswer'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import {
  checkEvidenceSchema,
  type CheckEvidence,
  type ExportedCheck,
  type ExportedEntity,
} from '../../../shared/bridge/evidenceContract'
import type { SharedCase } from '../../../shared/bridge/teamContract'
import { verifyAuditChain } from '../../../shared/cases/auditChain'
import type { AuditChange } from '../../../shared/cases/auditChain'
import type { AuditEntry } from '../../../shared/cases/caseSchemas'
import { setAsideSentences } from '../../../shared/team/teamSetAside'
import { replayTeamCase } from '../../../shared/team/teamCaseReplay'
import { idOfTeamEntry, rosterScope, type TeamEntry } from '../../../shared/team/teamEntry'
import type { IdentityService } from '../identity/identityService'
import { ServiceError } from '../serviceError'
import { createTeamFourEyes, type TeamFourEyes } from './teamFourEyes'
import { byEntityKey, linkedEntitiesOf, linkedEntityFiles } from './teamLinkedEntities'
import type { TeamService } from './teamService'
import type { TeamFiles } from './teamWriter'

/** The attachment that carries a linked check's raw answer, exactly as the service sent it. */
const rawAnswer = 'raw-answer'

const refused = (message: string): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, message, {
    status: 400,
    mayHaveReachedService: false,
  })

const linkedIdOf = (after: unknown): string | undefined => {
  const localId = (after as { localId?: unknown } | null)?.localId
  return typeof localId === 'string' ? localId : undefined
}

/**
 * A `check-linked` change as the team shares it: the link as the trail has it, the check's
 * evidence beside it without its bytes (they go as the signed attachment), and nothing parsed,
 * since every desk reads the answer from those bytes itself. The bytes must be a readable answer.
 */
function linkedCheckChange(
  change: AuditChange,
  check: CheckEvidence | undefined,
): { change: AuditChange; files: TeamFiles } {
  const localId = linkedIdOf(change.after)
  if (!check || check.localId !== localId) {
    throw refused(
      `The check linked by “${change.summary}” was not handed over with its raw answer: nothing was shared. Try again; if it persists, the check may be missing on this computer.`,
    )
  }
  const bytes = Buffer.from(check.evidence.response.bodyBase64, 'base64')
  if (!cryptoCheckOfRaw(bytes)) {
    throw refused(
      `The check linked by “${change.summary}” has no readable answer of the service: only answered checks can be shared.`,
    )
  }
  // The bytes travel once, as the attachment its signature pins; the evidence says the rest.
  const evidence = {
    ...check.evidence,
    response: { ...check.evidence.response, bodyBase64: '' },
  }
  return {
    change: { ...change, after: { ...(change.after as object), linked: { ...check, evidence } } },
    files: { [rawAnswer]: { contentType: 'application/json', bytes } },
  }
}

/** The check a shared `check-linked` entry links, read from its signed raw answer here. */
function checkOfEntry(entry: TeamEntry, raw: Uint8Array | null): ExportedCheck | null {
  // Another desk wrote it: read as anything until it proves to be a check's evidence.
  const linked = checkEvidenceSchema.safeParse((entry.after as { linked?: unknown } | null)?.linked)
  const check = raw ? cryptoCheckOfRaw(raw) : undefined
  if (!linked.success || linked.data.localId !== linkedIdOf(entry.after) || !check || !raw) {
    return null
  }
  const { evidence } = linked.data
  return {
    ...linked.data,
    evidence: {
      ...evidence,
      response: { ...evidence.response, bodyBase64: Buffer.from(raw).toString('base64') },
    },
    check,
  }
}

export interface TeamCases extends Pick<
  TeamFourEyes,
  'assign' | 'requestReview' | 'approve' | 'sendBack' | 'reviewQueue'
> {
  share(input: {
    caseId: string
    trail: AuditEntry[]
    checks: CheckEvidence[]
    entities?: ExportedEntity[] | undefined
  }): Promise<{ entries: number }>
  write(input: {
    caseId: string
    change: AuditChange
    check?: CheckEvidence | undefined
    entity?: ExportedEntity | undefined
  }): Promise<{ entryId: string }>
  list(): Promise<{ cases: Array<{ caseId: string; documents: number }> }>
  read(caseId: string): Promise<SharedCase>
}

/**
 * Cases in a team: a case is shared by publishing its trail, entry by entry, each signed now by
 * this desk (only a trail this investigator wrote can be), and read back as every desk reads it:
 * the entries the roster lets count, in the one order, with their disagreements, each linked check
 * read from the raw answer its entry carries, and each linked entity with the details its entry
 * carries.
 */
export function createTeamCases(team: TeamService, identity: IdentityService): TeamCases {
  const fourEyes = createTeamFourEyes(team)
  const shapedChange = (
    change: AuditChange,
    check: CheckEvidence | undefined,
    entities: ReadonlyMap<string, ExportedEntity>,
  ) => {
    const shaped =
      change.action === 'check-linked'
        ? linkedCheckChange(change, check)
        : change.action === 'entity-linked'
          ? { change, files: linkedEntityFiles(change.after, entities) }
          : { change, files: {} }
    return {
      change: {
        action: shaped.change.action,
        summary: shaped.change.summary,
        before: shaped.change.before ?? null,
        after: shaped.change.after ?? null,
      },
      files: shaped.files,
    }
  }
  return {
    share: async ({ caseId, trail, checks, entities = [] }) => {
      const chain = verifyAuditChain(trail)
      if (!chain.intact) {
        throw refused(`This case’s trail is damaged (${chain.problem}): it cannot be shared.`)
      }
      const { signer } = await identity.signer()
      const others = trail.filter(
        (entry) => entry.actor && entry.actor.fingerprint !== signer.fingerprint,
      )
      if (others.length > 0) {
        throw refused(
          `${others.length === 1 ? '1 entry' : `${others.length} entries`} of this case ${others.length === 1 ? 'was' : 'were'} made under another key: only a trail you wrote can be shared under your signature. Export the case as a bundle instead.`,
        )
      }
      // A large case comes in parts: each part is the trail so far, with the checks its new
      // entries link. A part cut short (a lost reply, a stopped process) goes on where it stopped.
      const written = await team.scopeDocuments(caseId)
      const byId = new Map(checks.map((check) => [check.localId, check]))
      const byKey = byEntityKey(entities)
      // Every new entry is shaped (its check found and read) before the first is written: a part
      // is shared whole or not at all.
      const shaped = trail.slice(written).map((entry) => ({
        at: entry.at,
        ...shapedChange(
          {
            action: entry.action,
            summary: entry.summary,
            before: entry.before,
            after: entry.after,
          },
          byId.get(linkedIdOf(entry.after) ?? ''),
          byKey,
        ),
      }))
      for (const { change, files, at } of shaped) {
        await team.write(caseId, change, { files, at })
      }
      return { entries: trail.length }
    },
    write: async ({ caseId, change, check, entity }) => {
      const shaped = shapedChange(change, check, byEntityKey(entity ? [entity] : []))
      const entry = await team.write(caseId, shaped.change, {
        files: shaped.files,
        // Whether a shared case may close is decided here, for every page and every desk alike.
        ...(change.action === 'closed' ? { vet: fourEyes.vetClose(caseId) } : {}),
      })
      return { entryId: idOfTeamEntry(entry) }
    },
    list: async () => {
      const roster = await team.scopeDocuments(rosterScope)
      return {
        cases: [...(await team.caseScopes())].map(([caseId, documents]) => ({
          caseId,
          documents: documents + roster,
        })),
      }
    },
    read: async (caseId) => {
      // One case's documents, not every case's: a read is not a scan of the whole team. The
      // roster's count too: a removal or a key arriving changes what the case's entries count
      // for, so a page applies the case again then as well.
      const documents =
        (await team.scopeDocuments(caseId)) + (await team.scopeDocuments(rosterScope))
      const trust = await team.scope(caseId)
      const replay = replayTeamCase(trust.applied)
      const checks: ExportedCheck[] = []
      const missingChecks: string[] = []
      for (const entry of replay.entries) {
        if (entry.action !== 'check-linked') continue
        const check = checkOfEntry(entry, await team.attachment(entry, rawAnswer))
        if (check) checks.push(check)
        else missingChecks.push(linkedIdOf(entry.after) ?? idOfTeamEntry(entry))
      }
      return {
        caseId,
        // Counted as `list` counts, so a desk comparing the two sees news only when there is some.
        documents,
        entries: replay.entries.map((entry, index) => ({
          entryId: replay.entryIds[index]!,
          member: entry.member,
          author: entry.author,
          at: entry.at,
          action: entry.action,
          summary: entry.summary,
          before: entry.before,
          after: entry.after,
        })),
        disagreements: replay.disagreements,
        authors: replay.authors,
        setAside: setAsideSentences(trust.setAside),
        checks,
        missingChecks,
        entities: await linkedEntitiesOf(team, replay.entries),
        ...fourEyes.standing(replay.entries, trust.roster),
      }
    },
    assign: fourEyes.assign,
    requestReview: fourEyes.requestReview,
    approve: fourEyes.approve,
    sendBack: fourEyes.sendBack,
    reviewQueue: fourEyes.reviewQueue,
  }
}
