import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { unzipSync } from 'fflate'

/** The files of a bundle, written to a folder of their own, for the baseline to work on. */
export function unpackBundle(bundle: Uint8Array): string {
  const folder = mkdtempSync(join(tmpdir(), 'cd-bench-files-'))
  for (const [path, bytes] of Object.entries(unzipSync(bundle))) {
    mkdirSync(dirname(join(folder, path)), { recursive: true })
    writeFileSync(join(folder, path), bytes)
  }
  return folder
}

/** The export's baseline: `zip` (deflate level 6, as the bundle) then `sha256sum` of every file. */
export function zipAndHashFolder(folder: string): void {
  execFileSync(
    'bash',
    [
      '-c',
      'rm -f ../baseline.zip && zip -q -r -6 ../baseline.zip . && find . -type f -print0 | xargs -0 sha256sum > /dev/null',
    ],
    { cwd: folder },
  )
}
