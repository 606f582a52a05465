import { readFile } from 'node:fs/promises'
import { verifyBundle } from '../src/shared/evidence/verifyBundle'
import { escapeForDisplay as shown } from '../src/shared/text/escapeForDisplay'

const problemLabels = {
  unreadable: 'UNREADABLE',
  refused: 'REFUSED',
  manifest: 'MANIFEST',
  missing: 'MISSING',
  added: 'ADDED',
  changed: 'CHANGED',
  'audit-trail': 'AUDIT TRAIL',
} as const

/** `npm run verify-bundle -- FILE.zip`: exit 0 only when every file matches the manifest. */
async function main(args: string[]): Promise<number> {
  const [path, ...extra] = args
  if (!path || extra.length > 0) {
    console.error('Usage: npm run verify-bundle -- FILE.zip')
    return 2
  }
  let zip: Uint8Array
  try {
    zip = await readFile(path)
  } catch (error) {
    console.error(
      shown(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`),
    )
    return 2
  }
  const result = verifyBundle(zip)
  console.log(`Bundle: ${shown(path)}`)
  if (result.manifest) {
    const { case: evidenceCase, createdAt, files } = result.manifest
    console.log(`Case: ${shown(evidenceCase.title)} (${evidenceCase.id}), exported ${createdAt}`)
    console.log(`Files listed: ${files.length}, matching: ${result.matched}`)
  }
  for (const problem of result.problems) {
    console.log(
      `${problemLabels[problem.kind]} ${shown(problem.path ?? '')} ${shown(problem.detail)}`.replace(
        /\s+/g,
        ' ',
      ),
    )
  }
  console.log(
    result.ok
      ? 'OK: every file matches its SHA-256 and size in the manifest.'
      : `FAILED: ${result.problems.length} problem(s); this bundle is not as it was exported.`,
  )
  return result.ok ? 0 : 1
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-bundle failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  },
)
