/**
 * Backups made hostile the ways a file from outside can be without breaking its signature: the
 * signed backup.json and signature.json are kept as they were, and the ZIP around them is not.
 */

import { writeFileSync } from 'node:fs'
import { constants, deflateRawSync } from 'node:zlib'
import crc from 'crc-32'
import { strFromU8, unzipSync } from 'fflate'
import type { BackupManifest } from '../../src/shared/backup/backupFormat'

export interface ZipFile {
  name: string
  method: 0 | 8
  /** The bytes as they lie in the file (compressed when `method` is 8). */
  data: Uint8Array
  crc: number
  /** The size the ZIP declares for it inflated. */
  declared: number
}

/** A ZIP of `files` exactly as given, whatever they declare: what a hostile file may be. */
export function zipOf(files: readonly ZipFile[]): Buffer {
  const locals: Uint8Array[] = []
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
export function gibibyteBomb(): Buffer {
  const piece = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  })
  return Buffer.concat([...Array<Buffer>(64).fill(piece), deflateRawSync(Buffer.alloc(0))])
}

/**
 * The genuine backup written to `file`, every entry as it was (backup.json and its signature
 * untouched, so the signature still holds), but for its first table entry, whose bytes become
 * `bomb` and whose size the ZIP declares as `declared`; `extra` entries go first.
 */
export function writeBombed(
  file: string,
  backup: Uint8Array,
  bomb: Buffer,
  declared: (genuine: number) => number,
  extra: readonly ZipFile[] = [],
): void {
  const files = unzipSync(backup)
  const manifest = JSON.parse(strFromU8(files['backup.json']!)) as BackupManifest
  const target = manifest.tables.flatMap((table) => table.entries)[0]!.path
  const entries = Object.entries(files).map(([name, bytes]): ZipFile =>
    name === target
      ? { name, method: 8, data: bomb, crc: crc.buf(bytes), declared: declared(bytes.length) }
      : { name, method: 0, data: bytes, crc: crc.buf(bytes), declared: bytes.length },
  )
  writeFileSync(file, zipOf([...extra, ...entries]))
}
