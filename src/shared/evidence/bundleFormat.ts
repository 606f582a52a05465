import { z } from 'zod'
import { caseRecordSchema } from '../cases/caseSchemas'
import { actorSchema, signerSchema } from '../identity/investigator'

/** Written into the manifest of a case of this computer; a reader refuses any format it does not know. */
export const evidenceFormat = 'compliance-desk-evidence/1'

/**
 * A case shared in a team: its trail is the team's entries, each signed by its own author, so the
 * bundle carries those entries as signed and the roster entries that publish their keys.
 */
export const sharedCaseEvidenceFormat = 'compliance-desk-evidence/2'

export const evidenceFormats = [evidenceFormat, sharedCaseEvidenceFormat] as const

/**
 * The layouts report.html and hits.csv have been written in, oldest first. The verifier renders
 * both again from the bundle's files in the layout its manifest names, so a bundle made by an
 * earlier release keeps verifying after the report changes. Bundles made before layouts were
 * numbered name none: they are in layout 1 or 2, which hits.csv's columns tell apart.
 */
export const reportLayouts = [1, 2, 3, 4] as const
export type ReportLayout = (typeof reportLayouts)[number]
export const currentReportLayout: ReportLayout = 4

/**
 * The first layout whose exporter refuses notes its trail never added: from it on, the verifier
 * holds notes.json to the trail too (earlier bundles' notes were not held to it when signed).
 */
export const notesHeldToTrailFrom: ReportLayout = 3

export const isReportLayout = (value: number): value is ReportLayout =>
  (reportLayouts as readonly number[]).includes(value)

/** Where each part of a case lives inside its bundle. */
export const bundlePaths = {
  manifest: 'manifest.json',
  /** The detached signature over manifest.json's exact bytes; the one file the manifest cannot list. */
  signature: 'signature.json',
  case: 'case.json',
  entities: 'entities.json',
  notes: 'notes.json',
  decisions: 'decisions.json',
  auditTrail: 'audit-trail.json',
  hitsCsv: 'hits.csv',
  report: 'report.html',
  checksFolder: 'checks/',
  /** A shared case's entries as their authors signed them, in the team's one order. */
  teamEntries: 'team/entries.json',
  /** The roster entries in which the authors (and the exporter) published their keys. */
  teamRoster: 'team/roster.json',
  /** The answer's bytes exactly as the service sent them. */
  rawResponse: (checkFolder: string) => `checks/${checkFolder}/response.raw`,
  /** The parsed check with the request, headers and timing kept beside the raw bytes. */
  parsedCheck: (checkFolder: string) => `checks/${checkFolder}/check.json`,
} as const

export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')

export const manifestFileSchema = z.strictObject({
  path: z.string().min(1),
  sha256: sha256HexSchema,
  bytes: z.number().int().nonnegative(),
})
export type ManifestFile = z.infer<typeof manifestFileSchema>

/** Someone who wrote in a shared case: their member name, as they signed, and how many entries. */
export const teamAuthorSchema = z.strictObject({
  member: z.string(),
  author: actorSchema,
  entries: z.number().int().positive(),
})
export type TeamAuthor = z.infer<typeof teamAuthorSchema>

export const manifestSchema = z.looseObject({
  format: z.enum(evidenceFormats),
  createdAt: z.iso.datetime(),
  exporter: z.looseObject({ app: z.string(), appVersion: z.string() }),
  case: caseRecordSchema.pick({
    id: true,
    title: true,
    subject: true,
    state: true,
    createdAt: true,
    updatedAt: true,
    closure: true,
  }),
  counts: z.looseObject({
    checks: z.number().int().nonnegative(),
    entities: z.number().int().nonnegative(),
    notes: z.number().int().nonnegative(),
    decisions: z.number().int().nonnegative(),
    hits: z.number().int().nonnegative(),
  }),
  auditTrail: z.looseObject({
    entries: z.number().int().nonnegative(),
    headHash: sha256HexSchema,
    intact: z.boolean(),
  }),
  files: z.array(manifestFileSchema),
  /**
   * The layout of report.html and hits.csv. Any positive number is read, so that a bundle of a
   * later layout fails by name (the meaning check) rather than as a manifest that is not one.
   */
  reportLayout: z.number().int().positive().optional(),
  /** Who exported and signed the bundle; absent only in bundles made before signing existed. */
  signer: signerSchema.optional(),
  /** A shared case (format 2): every author, in the order they first wrote in the case. */
  team: z
    .looseObject({
      entries: z.number().int().nonnegative(),
      authors: z.array(teamAuthorSchema),
      /**
       * The team admins the team server's configuration names, by whom the roles and removals in
       * team/roster.json are judged. The configuration is the server admin's document, signed by
       * no member's key, so no entry can vouch for it: the exporter states it here, under the
       * bundle's signature. It is the signer's word, as everything the bundle states beside its
       * signed entries is (the reader pins the signer with `verify-bundle --signer`), and the
       * report shows it to be held against the server. Left out, no setting of roles counts, so
       * no approval does: leaving it out can only make a close fail the rule.
       */
      admins: z.array(z.string()).optional(),
    })
    .optional(),
})
export type BundleManifest = z.infer<typeof manifestSchema>

/** What a manifest says of its case: the exporter's and the tests' bundles alike. */
export const manifestCaseOf = (
  caseRecord: z.infer<typeof caseRecordSchema>,
): BundleManifest['case'] => {
  const { id, title, subject, state, createdAt, updatedAt, closure } = caseRecord
  return { id, title, subject, state, createdAt, updatedAt, ...(closure ? { closure } : {}) }
}

export const signatureFormat = 'compliance-desk-signature/1'

export const bundleSignatureSchema = z.strictObject({
  format: z.literal(signatureFormat),
  algorithm: z.literal('Ed25519'),
  signedFile: z.literal(bundlePaths.manifest),
  /** Lets a verifier tell a manifest changed after signing from a signature that is simply wrong. */
  manifestSha256: sha256HexSchema,
  signer: signerSchema,
  signature: z.string().regex(/^[0-9a-f]{128}$/, 'must be an Ed25519 signature in hex'),
})
export type BundleSignature = z.infer<typeof bundleSignatureSchema>

/**
 * Why an entry name may not be used, or null when it is safe: it must stay inside the bundle
 * whatever system unpacks it, so no absolute path, drive letter, backslash or `..` step.
 */
export function unsafePathReason(path: string): string | null {
  if (path === '') return 'has an empty name'
  if (path.includes('\0')) return 'contains a NUL character'
  if (path.startsWith('/')) return 'is an absolute path'
  if (/^[A-Za-z]:/.test(path)) return 'starts with a drive letter'
  if (path.includes('\\')) return 'contains a backslash'
  if (path.split('/').includes('..')) return 'leaves the bundle (..)'
  return null
}

/**
 * The name an entry is known by: `./` and empty segments dropped, as unzip and file systems read
 * them, so that `./decisions.json` is `decisions.json` (and a second copy is seen as one).
 */
export const plainEntryName = (path: string): string =>
  path
    .split('/')
    .filter(
      (segment, index, all) => segment !== '.' && (segment !== '' || index === all.length - 1),
    )
    .join('/')

/** A check's folder in the bundle: its position then its service id, safe on every file system. */
export const checkFolderName = (position: number, checkId: string): string =>
  `${String(position).padStart(4, '0')}-${checkId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)}`
