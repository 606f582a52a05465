/**
 * Reads a ZIP held in memory one entry at a time, inflated by the browser's own zlib: fflate's
 * inflate, in JavaScript, took several times as long, and a restore inflates every entry twice
 * (to check it, then to write it). Only what a backup is made of is read: entries stored or
 * deflated, without ZIP64 (a backup restored in a browser tab is far below 4 GiB).
 */

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

/**
 * An entry's bytes, inflated, and refused unless they are the ones the ZIP was written with: a
 * damaged entry can still inflate, and backup.json has no other checksum.
 */
export async function entryContent(zip: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const content = await inflated(zip, entry)
  if (crc32(content) >>> 0 !== entry.crc >>> 0) {
    return unreadable(`${entry.name} does not match the checksum the ZIP holds for it`)
  }
  return content
}

/**
 * An entry's bytes, inflated; never more than its directory declares, so a damaged or hostile
 * file cannot fill memory.
 */
async function inflated(zip: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const compressed = zip.subarray(entry.start, entry.start + entry.compressedBytes)
  if (entry.method === storedMethod) return compressed
  if (entry.method !== deflateMethod) {
    return unreadable(`${entry.name} is compressed in a way this app does not read`)
  }
  const decompression = new DecompressionStream('deflate-raw')
  const writer = decompression.writable.getWriter()
  const reader = decompression.readable.getReader()
  const readAll = async (): Promise<Uint8Array[]> => {
    const chunks: Uint8Array[] = []
    let length = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return chunks
      length += value.length
      if (length > entry.bytes) {
        const tooLarge = new UnreadableZipError(
          `${entry.name} inflates to more than its directory declares`,
        )
        // The same reason fails the write below, so either way this is what is reported.
        void reader.cancel(tooLarge)
        throw tooLarge
      }
      chunks.push(value)
    }
  }
  // The write settles only as its output is read, so both run at once.
  const [, chunks] = await Promise.all([
    // The file's bytes are never shared memory; the stream's types only ask for that.
    writer.write(compressed as Uint8Array<ArrayBuffer>).then(() => writer.close()),
    readAll(),
  ])
  if (chunks.length === 1 && chunks[0]) return chunks[0]
  const content = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    content.set(chunk, offset)
    offset += chunk.length
  }
  return content
}
