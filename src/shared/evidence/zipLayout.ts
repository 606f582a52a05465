import { strFromU8 } from 'fflate'
import type { BundleProblem } from './bundleProblems'

/**
 * The layout of a ZIP file, read without inflating anything. fflate reads archives but does not
 * say where each central-directory entry's local header is, and its streaming reader finds the
 * end of a data-descriptor entry by searching for the next signature (a compressed stream that
 * happens to hold one is cut short), so the few fixed-size records are read here and fflate only
 * inflates.
 */

/** A failure to read the archive's layout at all: the whole file is unreadable. */
export class ZipLayoutError extends Error {
  override readonly name = 'ZipLayoutError'
}

export interface ZipEnd {
  /** Entries the end record declares; checked against a cap before any is read. */
  entryCount: number
  directoryStart: number
  directoryEnd: number
}

export interface CentralEntry {
  name: string
  flags: number
  method: number
  crc: number
  compressedSize: number
  declaredSize: number
  localOffset: number
}

const signatures = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  dataDescriptor: 0x08074b50,
} as const

export const zipFlags = { encrypted: 1, dataDescriptor: 8, utf8Name: 2048 } as const

const endRecordBytes = 22
const maxCommentBytes = 0xffff
/** In a 32-bit field this value means "see the ZIP64 record", which a bundle never needs. */
const zip64Marker = 0xffffffff

const u16 = (zip: Uint8Array, at: number): number => (zip[at] ?? 0) | ((zip[at + 1] ?? 0) << 8)
const u32 = (zip: Uint8Array, at: number): number => (u16(zip, at) | (u16(zip, at + 2) << 16)) >>> 0

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decodeName(bytes: Uint8Array, flags: number): string {
  if (!(flags & zipFlags.utf8Name)) return strFromU8(bytes, true)
  try {
    return utf8.decode(bytes)
  } catch {
    throw new ZipLayoutError('an entry name is flagged UTF-8 but is not valid UTF-8')
  }
}

/** The end record must close the file exactly, after a central directory that ends where it starts. */
export function readZipEnd(zip: Uint8Array): ZipEnd {
  const lowest = Math.max(0, zip.length - endRecordBytes - maxCommentBytes)
  for (let at = zip.length - endRecordBytes; at >= lowest; at -= 1) {
    if (u32(zip, at) !== signatures.end) continue
    if (at + endRecordBytes + u16(zip, at + 20) !== zip.length) continue
    const entryCount = u16(zip, at + 10)
    const directorySize = u32(zip, at + 12)
    const directoryStart = u32(zip, at + 16)
    if (u16(zip, at + 4) !== 0 || u16(zip, at + 6) !== 0 || u16(zip, at + 8) !== entryCount) {
      throw new ZipLayoutError('it spans several disks')
    }
    if (entryCount === 0xffff || directorySize === zip64Marker || directoryStart === zip64Marker) {
      throw new ZipLayoutError('it uses ZIP64, which a bundle never needs')
    }
    if (directoryStart + directorySize !== at) {
      throw new ZipLayoutError('its central directory does not end where its end record begins')
    }
    return { entryCount, directoryStart, directoryEnd: at }
  }
  throw new ZipLayoutError('no end-of-central-directory record')
}

export function readCentralEntries(zip: Uint8Array, end: ZipEnd): CentralEntry[] {
  const entries: CentralEntry[] = []
  let at = end.directoryStart
  for (let index = 0; index < end.entryCount; index += 1) {
    if (at + 46 > end.directoryEnd || u32(zip, at) !== signatures.central) {
      throw new ZipLayoutError(`central directory entry ${index + 1} is missing or cut short`)
    }
    const nameEnd = at + 46 + u16(zip, at + 28)
    const flags = u16(zip, at + 8)
    const entry: CentralEntry = {
      name: decodeName(zip.subarray(at + 46, nameEnd), flags),
      flags,
      method: u16(zip, at + 10),
      crc: u32(zip, at + 16),
      compressedSize: u32(zip, at + 20),
      declaredSize: u32(zip, at + 24),
      localOffset: u32(zip, at + 42),
    }
    if ([entry.compressedSize, entry.declaredSize, entry.localOffset].includes(zip64Marker)) {
      throw new ZipLayoutError(`central directory entry ${index + 1} uses ZIP64 sizes`)
    }
    entries.push(entry)
    at = nameEnd + u16(zip, at + 30) + u16(zip, at + 32)
  }
  if (at !== end.directoryEnd) {
    throw new ZipLayoutError(
      'its central directory holds more or less than its end record declares',
    )
  }
  return entries
}

interface LocalHeader {
  name: string
  flags: number
  method: number
  compressedSize: number
  declaredSize: number
  dataStart: number
}

function readLocalHeader(zip: Uint8Array, at: number, limit: number): LocalHeader | null {
  if (at + 30 > limit || u32(zip, at) !== signatures.local) return null
  const flags = u16(zip, at + 6)
  const nameEnd = at + 30 + u16(zip, at + 26)
  const dataStart = nameEnd + u16(zip, at + 28)
  if (dataStart > limit) return null
  return {
    name: decodeName(zip.subarray(at + 30, nameEnd), flags),
    flags,
    method: u16(zip, at + 8),
    compressedSize: u32(zip, at + 18),
    declaredSize: u32(zip, at + 22),
    dataStart,
  }
}

/**
 * Where the data descriptor after an entry's data ends. Its signature is optional, so both forms
 * are tried; only one whose CRC and sizes are the central directory's is accepted.
 */
function descriptorEnd(
  zip: Uint8Array,
  dataEnd: number,
  entry: CentralEntry,
  limit: number,
): number | null {
  const agrees = (at: number): boolean =>
    at + 12 <= limit &&
    u32(zip, at) === entry.crc &&
    u32(zip, at + 4) === entry.compressedSize &&
    u32(zip, at + 8) === entry.declaredSize
  if (u32(zip, dataEnd) === signatures.dataDescriptor && agrees(dataEnd + 4)) return dataEnd + 16
  return agrees(dataEnd) ? dataEnd + 12 : null
}

function disagreement(local: LocalHeader, entry: CentralEntry, limit: number): string | null {
  if (local.name !== entry.name) return `its local header names it ${JSON.stringify(local.name)}`
  if (local.method !== entry.method) return 'its local header names another compression method'
  if (local.dataStart + entry.compressedSize > limit)
    return 'its data runs into the central directory'
  const sizesInHeader = !(local.flags & zipFlags.dataDescriptor)
  if (
    sizesInHeader &&
    (local.compressedSize !== entry.compressedSize || local.declaredSize !== entry.declaredSize)
  ) {
    return 'its local header declares other sizes than the central directory'
  }
  return null
}

/**
 * Walks the local headers from the first byte to the central directory, each where the one before
 * ends, and pairs each with the central entry that points at it. A local header no central entry
 * points at is an entry a streaming reader would see and a central-directory reader would not, a
 * central entry the walk never reaches the reverse: either is refused, as is any disagreement.
 * Returns where each agreeing entry's data starts.
 */
export function locateEntryData(
  zip: Uint8Array,
  end: ZipEnd,
  entries: readonly CentralEntry[],
  problems: BundleProblem[],
): Map<CentralEntry, number> {
  const refuse = (path: string | undefined, detail: string): void => {
    problems.push({ kind: 'refused', ...(path === undefined ? {} : { path }), detail })
  }
  const byOffset = new Map(entries.map((entry) => [entry.localOffset, entry]))
  const reached = new Set<CentralEntry>()
  const dataStarts = new Map<CentralEntry, number>()
  const limit = end.directoryStart
  let at = 0
  while (at < limit) {
    const local = readLocalHeader(zip, at, limit)
    if (!local) {
      refuse(
        undefined,
        `the bytes at offset ${at} start no entry: the entries after them cannot be found`,
      )
      break
    }
    const entry = byOffset.get(at)
    if (!entry) {
      refuse(local.name, 'has a local header no central directory entry leads to: refused unread')
      if (local.flags & zipFlags.dataDescriptor) break
      at = local.dataStart + local.compressedSize
      continue
    }
    reached.add(entry)
    const differs = disagreement(local, entry, limit)
    // The walk goes on by the local header's own sizes where it has them, so one disagreeing
    // entry does not hide those after it; only a data descriptor leaves the central size to use.
    const hasDescriptor = Boolean(local.flags & zipFlags.dataDescriptor)
    const dataEnd = local.dataStart + (hasDescriptor ? entry.compressedSize : local.compressedSize)
    const next = hasDescriptor ? descriptorEnd(zip, dataEnd, entry, limit) : dataEnd
    if (differs || next === null) {
      refuse(
        entry.name,
        `${differs ?? 'its data descriptor disagrees with the central directory'}: refused unread`,
      )
      if (next === null) break
    } else {
      dataStarts.set(entry, local.dataStart)
    }
    at = next
  }
  for (const entry of entries) {
    if (!reached.has(entry)) {
      refuse(
        entry.name,
        'is in the central directory but no local header of its own leads to it: refused unread',
      )
    }
  }
  return dataStarts
}
