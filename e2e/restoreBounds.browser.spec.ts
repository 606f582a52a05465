import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { constants, deflateRawSync } from 'node:zlib'
import crc from 'crc-32'
import { strFromU8, unzipSync } from 'fflate'
import type { BackupManifest } from '../src/shared/backup/backupFormat'
import { expect, test } from './fixtures/browserModeTest'

const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-restore-bounds-'))
const caseTitle = 'Kept through a bombed restore'

interface ZipFile {
  name: string
  method: 0 | 8
  /** The bytes as they lie in the file (compressed when `method` is 8). */
  data: Uint8Array
  crc: number
  /** The size the ZIP declares for it inflated. */
  declared: number
}

/** A ZIP of `files` exactly as given, whatever they declare: what a hostile file may be. */
function zipOf(files: readonly ZipFile[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(file.method, 8)
    local.writeUInt32LE(file.crc >>> 0, 14)
    local.writeUInt32LE(file.data.length, 18)
    local.writeUInt32LE(file.declared, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(file.method, 10)
    central.writeUInt32LE(file.crc >>> 0, 16)
    central.writeUInt32LE(file.data.length, 20)
    central.writeUInt32LE(file.declared, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, file.data)
    centrals.push(central, name)
    offset += local.length + name.length + file.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/**
 * Raw DEFLATE that inflates to 1 GiB of zeros from about a MiB: 64 copies of 16 MiB deflated and
 * flushed to a byte boundary (each stands alone, so they can follow one another), then an empty
 * last block.
 */
function gibibyteBomb(): Buffer {
  const piece = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  })
  return Buffer.concat([...Array<Buffer>(64).fill(piece), deflateRawSync(Buffer.alloc(0))])
}

/**
 * The genuine backup, every entry as it was (backup.json and its signature untouched, so the
 * signature still holds), but for its first table entry, whose bytes become `bomb` and whose size
 * the ZIP declares as `declared`.
 */
function bombed(backup: Uint8Array, bomb: Buffer, declared: (genuine: number) => number): string {
  const files = unzipSync(backup)
  const manifest = JSON.parse(strFromU8(files['backup.json']!)) as BackupManifest
  const target = manifest.tables.flatMap((table) => table.entries)[0]!.path
  const file = join(workDir, `bombed-${Date.now()}.zip`)
  const entries = Object.entries(files).map(([name, bytes]): ZipFile =>
    name === target
      ? { name, method: 8, data: bomb, crc: crc.buf(bytes), declared: declared(bytes.length) }
      : { name, method: 0, data: bytes, crc: crc.buf(bytes), declared: bytes.length },
  )
  writeFileSync(file, zipOf(entries))
  return file
}

test('a backup whose entry inflates to 1 GiB is refused in the restore worker, saying which entry and why, with nothing changed', async ({
  cases,
  settings,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create(caseTitle, 'Its data must outlive the restore', '')
  await settings.open()
  const genuine = join(workDir, 'genuine.zip')
  await (await settings.backup.backUp()).saveAs(genuine)
  await expect(settings.backup.done).toBeVisible()
  const backup = readFileSync(genuine)
  const bomb = gibibyteBomb()

  // The restore is verified in a worker of its own, started when the first file is chosen.
  const restoreWorker = settings.page.waitForEvent('worker', (worker) =>
    /restoreWorker/.test(worker.url()),
  )
  // The ZIP declares the entry at 1 GiB (backup.json, signed, cannot be changed): refused before
  // a byte of it is inflated.
  await settings.backup.chooseFile(bombed(backup, bomb, () => 1024 ** 3))
  await restoreWorker
  await expect(settings.backup.refused).toContainText(
    /The backup's entry tables\/\w+\/00001\.ndjson is declared as 1,073,741,824 bytes by the ZIP and [\d,]+ by backup\.json: the file was changed or damaged\. Nothing was changed\./,
  )
  await expect(settings.backup.verified).toBeHidden()

  // Declared at its true size everywhere, it inflates to 1 GiB: inflating stops past that size.
  await settings.backup.chooseFile(bombed(backup, bomb, (genuineSize) => genuineSize))
  await expect(settings.backup.refused).toContainText(
    /The backup's entry (tables\/\w+\/00001\.ndjson) is damaged and cannot be read \(\1 inflates to more than its directory declares\)\. Nothing was changed\./,
  )
  await expect(settings.backup.verified).toBeHidden()

  await cases.open()
  await expect(cases.listItems.filter({ hasText: caseTitle })).toHaveCount(1)
  // The genuine backup still restores where the bombs did not: the refusals were the bombs'.
  await settings.open()
  await settings.backup.chooseFile(genuine)
  await expect(settings.backup.verified).toBeVisible()
})
