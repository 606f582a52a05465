import { readFile } from 'node:fs/promises'
import type { SignatureCheck } from '../src/shared/evidence/bundleSignature'
import { closeReviewSentence } from '../src/shared/evidence/closeReview'
import { closeReviewOfBundle } from '../src/shared/evidence/reportMeaning'
import { verifyBundle } from '../src/shared/evidence/verifyBundle'
import { verificationFailure } from '../src/shared/evidence/bundleProblems'
import {
  fingerprintSchema,
  groupedFingerprint,
  normaliseFingerprint,
} from '../src/shared/identity/investigator'
import { escapeForDisplay as shown } from '../src/shared/text/escapeForDisplay'

const problemLabels = {
  unreadable: 'UNREADABLE',
  refused: 'REFUSED',
  manifest: 'MANIFEST',
  missing: 'MISSING',
  added: 'ADDED',
  changed: 'CHANGED',
  'audit-trail': 'AUDIT TRAIL',
  meaning: 'MEANING',
  unsigned: 'UNSIGNED',
  signature: 'SIGNATURE',
  signer: 'SIGNER',
} as const

function signatureLine(signature: SignatureCheck): string {
  if (signature.status === 'unsigned') return 'Signed by: nobody (the bundle carries no signature)'
  if (!signature.signer) return 'Signed by: unknown (the signature file cannot be read)'
  const { name, email, organisation, fingerprint } = signature.signer
  const verdict = signature.status === 'valid' ? 'valid signature' : 'signature NOT valid'
  return `Signed by: ${shown(name)} <${shown(email)}>, ${shown(organisation)}; key ${groupedFingerprint(fingerprint)} (${verdict})`
}

const usage = 'Usage: npm run verify-bundle -- FILE.zip [--signer FINGERPRINT]'

function parseArgs(args: string[]): { path: string; signer?: string } | null {
  const rest = [...args]
  let signer: string | undefined
  const at = rest.indexOf('--signer')
  if (at !== -1) {
    signer = rest[at + 1]
    if (!signer || !fingerprintSchema.safeParse(normaliseFingerprint(signer)).success) return null
    rest.splice(at, 2)
  }
  const [path, ...extra] = rest
  return path && extra.length === 0 && !path.startsWith('--') ? { path, signer } : null
}

/**
 * `npm run verify-bundle -- FILE.zip [--signer FINGERPRINT]`: exit 0 only when every file matches
 * the manifest, the manifest's signature is valid and, when asked, made by that key, and the
 * bundle means what its raw answers and its trail say (its trail's actors being the signer, or in
 * a shared case each entry's author, whose signature on it holds).
 */
async function main(args: string[]): Promise<number> {
  const parsed = parseArgs(args)
  if (!parsed) {
    console.error(usage)
    console.error('FINGERPRINT is the 32 hexadecimal characters Settings shows (spaces allowed).')
    return 2
  }
  const { path, signer: expectedSigner } = parsed
  let zip: Uint8Array
  try {
    zip = await readFile(path)
  } catch (error) {
    console.error(
      shown(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`),
    )
    return 2
  }
  const result = verifyBundle(zip, { expectedSigner })
  // Who signed comes first: everything after is only what that key vouches for.
  console.log(signatureLine(result.signature))
  console.log(`Bundle: ${shown(path)}`)
  if (result.manifest) {
    const { case: evidenceCase, createdAt, files } = result.manifest
    console.log(`Case: ${shown(evidenceCase.title)} (${evidenceCase.id}), exported ${createdAt}`)
    console.log(`Files listed: ${files.length}, matching: ${result.matched}`)
    // A shared case speaks for each of its authors: each is named with the key that signed theirs.
    for (const { member, author, entries } of result.manifest.team?.authors ?? []) {
      console.log(
        `Author: ${shown(member)}, ${shown(author.name)} <${shown(author.email)}>, ${shown(author.organisation)}; key ${groupedFingerprint(author.fingerprint)}; ${entries} ${entries === 1 ? 'entry' : 'entries'}`,
      )
    }
    // Roles and removals are judged by these: the signer's word, not a member's signed entry.
    const admins = result.manifest.team?.admins
    if (admins) {
      console.log(
        `Team admins: ${admins.map(shown).join(', ') || 'none'} (as the signer states the team server's configuration names them)`,
      )
    }
    const review = closeReviewOfBundle(result.files, result.manifest)
    if (review) console.log(`Second review: ${shown(closeReviewSentence(review))}`)
  }
  for (const problem of result.problems) {
    console.log(
      `${problemLabels[problem.kind]} ${shown(problem.path ?? '')} ${shown(problem.detail)}`.replace(
        /\s+/g,
        ' ',
      ),
    )
  }
  if (result.ok) {
    console.log(
      `OK: every file matches its SHA-256 and size in the manifest, the signature over the manifest is valid, ${result.manifest?.team ? "each of the shared case's entries is signed by its author's key as the bundle's roster publishes it, the audit trail is what they replay to and the case closed as the four-eyes rule allows, " : ''}and every check, decision and the report say what the raw answers and the audit trail say.`,
    )
    return 0
  }
  console.log(
    `FAILED: ${result.problems.length} problem(s); ${verificationFailure(result.problems)}.`,
  )
  return 1
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-bundle failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  },
)
