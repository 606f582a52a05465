/**
 * Reads a ZIP held in memory one entry at a time, inflated by the browser's own zlib: fflate's
 * inflate, in JavaScript, took several times as long, and a restore inflates every entry twice
 * (to check it, then to write it). Each entry is bounded before it is inflated (see entryContent). Only what a backup is made of is read: entries stored or
 * deflated, without ZIP64 (a backup restored in a browser tab is far below 4 GiB).
 */

import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { buf as crc32 } from 'crc-32'
import type { BundleProblem } from '../../../../shared/evidence/bundleProblems'
import {
  locateEntryData,
  readCentralEntries,
  readZipEnd,
  ZipLayoutError,
} from '../../../../shared/evidence/zipLayout'

/** Where an entry's bytes lie in the file, as the ZIP's central directory says. */
export interface ZipEntry {
  name: string
  method: number
  /** Offset of its compressed bytes. */
  start: number
  compressedBytes: number
  /** Its size once inflated, as the directory declares it. */
  bytes: number
  /** The CRC-32 of its inflated bytes, as the directory declares it. */
  crc: number
}

/** A ZIP that cannot be read; the message says why. */
export class UnreadableZipError extends Error {
  override name = 'UnreadableZipError'
}

const storedMethod = 0
const deflateMethod = 8

const unreadable = (problem: string): never => {
  throw new UnreadableZipError(problem)
}

/**
 * Every entry of the ZIP, by name, from its central directory, each paired with its local header
 * by the same reader the evidence verifier uses; nothing is inflated.
 */
export function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>()
  try {
    const end = readZipEnd(zip)
    const central = readCentralEntries(zip, end)
    const problems: BundleProblem[] = []
    const dataStarts = locateEntryData(zip, end, central, problems)
    const [problem] = problems
    if (problem) return unreadable(`${problem.path ?? 'the file'}: ${problem.detail}`)
    for (const entry of central) {
      if (entries.has(entry.name)) return unreadable(`it holds ${entry.name} twice`)
      entries.set(entry.name, {
        name: entry.name,
        method: entry.method,
        start: dataStarts.get(entry) ?? 0,
        compressedBytes: entry.compressedSize,
        bytes: entry.declaredSize,
        crc: entry.crc,
      })
    }
  } catch (error) {
    if (error instanceof ZipLayoutError) return unreadable(error.message)
    throw error
  }
  return entries
}

/** An entry's bytes, with the SHA-256 worked out as they were inflated. */
export interface EntryContent {
  bytes: Uint8Array
  sha256: string
}

/**
 * An entry's bytes, inflated, never more than `limit` (a backup's bound, or what its backup.json
 * declares, whichever is less), hashed and CRC-checked chunk by chunk as they come, and refused
 * unless they are the ones the ZIP was written with: a damaged entry can still inflate.
 */
export async function entryContent(
  zip: Uint8Array,
  entry: ZipEntry,
  limit: number = entry.bytes,
): Promise<EntryContent> {
  if (entry.bytes > limit) {
    return unreadable(
      `${entry.name} declares ${entry.bytes.toLocaleString()} bytes, more than the ${limit.toLocaleString()} it may hold`,
    )
  }
  const hash = sha256.create()
  let crc = 0
  const bytes = await inflated(zip, entry, (chunk) => {
    hash.update(chunk)
    crc = crc32(chunk, crc)
  })
  if (crc >>> 0 !== entry.crc >>> 0) {
    return unreadable(`${entry.name} does not match the checksum the ZIP holds for it`)
  }
  if (bytes.length !== entry.bytes) {
    return unreadable(`${entry.name} inflates to fewer bytes than its directory declares`)
  }
  return { bytes, sha256: bytesToHex(hash.digest()) }
}

/**
 * An entry's bytes, inflated; never more than its directory declares (checked against the bound
 * before this is called), counted as they come, so a damaged or hostile file cannot fill memory.
 */
async function inflated(
  zip: Uint8Array,
  entry: ZipEntry,
  onChunk: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  const compressed = zip.subarray(entry.start, entry.start + entry.compressedBytes)
  if (entry.method === storedMethod) {
    onChunk(compressed)
    return compressed
  }
  if (entry.method !== deflateMethod) {
    return unreadable(`${entry.name} is compressed in a way this app does not read`)
  }
  const decompression = new DecompressionStream('deflate-raw')
  const writer = decompression.writable.getWriter()
  const reader = decompression.readable.getReader()
  const content = new Uint8Array(entry.bytes)
  let length = 0
  const readAll = async (): Promise<void> => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      if (length + value.length > entry.bytes) {
        const tooLarge = new UnreadableZipError(
          `${entry.name} inflates to more than its directory declares`,
        )
        // The same reason fails the write below, so either way this is what is reported.
        void reader.cancel(tooLarge)
        throw tooLarge
      }
      onChunk(value)
      content.set(value, length)
      length += value.length
    }
  }
  // The write settles only as its output is read, so both run at once.
  await Promise.all([
    // The file's bytes are never shared memory; the stream's types only ask for that.
    writer.write(compressed as Uint8Array<ArrayBuffer>).then(() => writer.close()),
    readAll(),
  ])
  return content.subarray(0, length)
}
