import { strFromU8 } from 'fflate'
import type { AuditEntry } from '../shared/cases/caseSchemas'
import { bundlePaths, type BundleManifest } from '../shared/evidence/bundleFormat'
import { checkTeamEvidence } from '../shared/evidence/teamEvidence'
import type { TeamEntryDocument } from '../shared/team/teamEntry'
import {
  editJson,
  forgeBundle,
  tamperBundle,
  type BundleFiles,
  type Stranger,
} from './bundleTampering'
import { publishDeskKey, testDesk } from './teamDesks'

/**
 * Someone with a key of their own who writes themself into a bundle's roster: a key publication
 * is signed by the key it publishes, so anyone can make one for a member name of their choosing.
 */
export interface TeamStranger extends Stranger {
  publication: TeamEntryDocument
}

export function teamStranger(member = 'mallory', seed = 77): TeamStranger {
  const desk = testDesk(member, seed)
  return {
    signer: { ...desk.author, publicKey: desk.publicKey },
    secretKey: new Uint8Array(32).fill(seed),
    publication: publishDeskKey(desk),
  }
}

const readJson = <T>(files: BundleFiles, path: string): T =>
  JSON.parse(strFromU8(files[path]!)) as T

const dropEntry = (files: BundleFiles, entryId: string): void =>
  editJson<TeamEntryDocument[]>(files, bundlePaths.teamEntries, (entries) => {
    const at = entries.findIndex((entry) => entry._id === entryId)
    if (at === -1) throw new Error(`${entryId} is not in ${bundlePaths.teamEntries}`)
    entries.splice(at, 1)
  })

/** The bundle with one team entry taken out of team/entries.json, its manifest lines made to agree. */
export const withoutTeamEntry = (bundle: Uint8Array, entryId: string): Uint8Array =>
  tamperBundle(bundle, (files) => dropEntry(files, entryId))

/**
 * The bundle without one team entry, as the most careful forger would leave it: the trail made
 * what the remaining entries replay to, the manifest's counts and authors to agree, the forger's
 * own key published in the roster, the report rendered again and the manifest signed by the
 * forger. What still shows is what the signed entries themselves say.
 */
export function forgedWithoutTeamEntry(
  bundle: Uint8Array,
  entryId: string,
  forger: TeamStranger,
): Uint8Array {
  return forgeBundle(
    bundle,
    (files) => {
      dropEntry(files, entryId)
      editJson<TeamEntryDocument[]>(files, bundlePaths.teamRoster, (roster) => {
        roster.push(forger.publication)
      })
      const manifest = readJson<BundleManifest>(files, bundlePaths.manifest)
      const team = checkTeamEvidence(
        manifest.case.id,
        readJson<unknown[]>(files, bundlePaths.teamEntries),
        readJson<unknown[]>(files, bundlePaths.teamRoster),
        manifest.team?.admins ?? [],
      )
      editJson<AuditEntry[]>(files, bundlePaths.auditTrail, (trail) => {
        trail.splice(0, trail.length, ...team.trail)
      })
      editJson<BundleManifest>(files, bundlePaths.manifest, (edited) => {
        edited.auditTrail.entries = team.trail.length
        if (edited.team) {
          edited.team.entries = team.replay.entries.length
          edited.team.authors = team.replay.authors
        }
      })
    },
    forger,
    { keepActors: true },
  )
}
