/**
 * Reads a ZIP file one entry at a time without ever holding the file: only its records (the end
 * record, the central directory, each entry's local header and data descriptor) are read, from
 * slices of the file, and each entry's compressed bytes are streamed from the file through the
 * browser's own zlib as they are counted (fflate's inflate, in JavaScript, took several times as
 * long, and a restore inflates every entry twice: to check it, then to write it). Each entry is
 * bounded before it is inflated (see entryContent). Only what a backup is made of is read: entries
 * stored or deflated, without ZIP64 (a backup restored in a browser tab is far below 4 GiB).
 */

import { bytesToHex } from '@noble/hashes/utils.js'
import { buf as crc32 } from 'crc-32'
import type { BundleProblem } from '../../../../shared/evidence/bundleProblems'
import {
  locateEntryData,
  readCentralEntries,
  readZipEnd,
  ZipLayoutError,
  type CentralEntry,
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

/** Bytes of the file read at their offsets in it. */
interface Range {
  at: number
  bytes: Uint8Array
}

/**
 * The file as the layout reader (zipLayout, written for a file held whole) sees it, holding only
 * `ranges`: a byte outside them reads as absent, which the reader takes as no record there, so a
 * record the ranges were not read for is refused, as a missing one would be.
 */
function sparseFile(size: number, ranges: readonly Range[]): Uint8Array {
  const sorted = [...ranges].sort((a, b) => a.at - b.at)
  const longest = Math.max(0, ...sorted.map(({ bytes }) => bytes.length))
  let last: Range | undefined
  // Bytes are read a record at a time, so the range last used mostly holds the next one too.
  const holding = (from: number, to: number): Range | undefined => {
    const holds = (range: Range) => range.at <= from && to <= range.at + range.bytes.length
    if (last && holds(last)) return last
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (sorted[middle]!.at <= from) low = middle + 1
      else high = middle
    }
    // Ranges may overlap: any starting at most `longest` before `from` may hold it.
    for (let index = low - 1; index >= 0 && sorted[index]!.at + longest >= from; index -= 1) {
      if (holds(sorted[index]!)) return (last = sorted[index])
    }
    return undefined
  }
  const view = {
    length: size,
    subarray: (from: number, to: number) => {
      const range = holding(from, to) ?? unreadable('a record runs past the bytes read of it')
      return range.bytes.subarray(from - range.at, to - range.at)
    },
  }
  // Only `length`, `subarray` and single bytes are read by zipLayout, and none is ever written.
  return new Proxy(view, {
    get: (target, key) => {
      if (typeof key !== 'string' || !/^\d+$/.test(key)) return Reflect.get(target, key) as unknown
      const offset = Number(key)
      const range = holding(offset, offset + 1)
      return range?.bytes[offset - range.at]
    },
  }) as unknown as Uint8Array
}

/** Ranges closer than this are read in one slice: a backup's small entries are read at once. */
const gapReadThrough = 64 * 1024

/** Reads `[from, to)` pairs of the file, those near each other in one slice. */
async function readRanges(file: Blob, wanted: readonly [number, number][]): Promise<Range[]> {
  const sorted = wanted
    .map(([from, to]): [number, number] => [Math.max(0, from), Math.min(file.size, to)])
    .filter(([from, to]) => from < to)
    .sort(([a], [b]) => a - b)
  const merged: [number, number][] = []
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1]
    if (last && from <= last[1] + gapReadThrough) last[1] = Math.max(last[1], to)
    else merged.push([from, to])
  }
  return Promise.all(
    merged.map(async ([from, to]) => ({
      at: from,
      bytes: new Uint8Array(await file.slice(from, to).arrayBuffer()),
    })),
  )
}

const endRecordBytes = 22
const maxCommentBytes = 0xffff
const localHeaderBytes = 30

/** The lengths of the name and extra field a local header at `offset` declares (0 if unread). */
function nameAndExtraBytes(ranges: readonly Range[], offset: number): number {
  const range = ranges.find(
    ({ at, bytes }) => at <= offset && offset + localHeaderBytes <= at + bytes.length,
  )
  if (!range) return 0
  const view = new DataView(range.bytes.buffer, range.bytes.byteOffset, range.bytes.length)
  const at = offset - range.at
  return view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
}

/**
 * The local records of `central`'s entries, read before zipLayout walks them: each entry's fixed
 * header, then its name and extra field and, at the end of the room it has before the next entry
 * (or the directory), its data descriptor.
 */
async function localRecords(
  file: Blob,
  central: readonly CentralEntry[],
  directoryStart: number,
): Promise<Range[]> {
  const offsets = [...new Set(central.map((entry) => entry.localOffset))].sort((a, b) => a - b)
  const fixed = await readRanges(
    file,
    offsets.map((offset) => [offset, offset + localHeaderBytes]),
  )
  const rest = await readRanges(
    file,
    offsets.flatMap((offset, index): [number, number][] => {
      const roomEnd = offsets[index + 1] ?? Math.max(directoryStart, offset)
      return [
        [offset, offset + localHeaderBytes + nameAndExtraBytes(fixed, offset)],
        [roomEnd - 16, roomEnd],
      ]
    }),
  )
  return [...fixed, ...rest]
}

/**
 * Every entry of the ZIP, by name, from its central directory, each paired with its local header
 * by the same reader the evidence verifier uses; nothing is inflated, and the file is read only
 * where its records are. `maxDirectoryBytes` bounds the directory before it is read.
 */
export async function zipEntries(
  file: Blob,
  maxDirectoryBytes: number,
): Promise<Map<string, ZipEntry>> {
  const entries = new Map<string, ZipEntry>()
  try {
    const tailStart = Math.max(0, file.size - endRecordBytes - maxCommentBytes)
    const tail = await readRanges(file, [[tailStart, file.size]])
    const end = readZipEnd(sparseFile(file.size, tail))
    if (end.directoryEnd - end.directoryStart > maxDirectoryBytes) {
      return unreadable(
        `its central directory is ${(end.directoryEnd - end.directoryStart).toLocaleString()} bytes, more than any backup this app writes`,
      )
    }
    const directory = await readRanges(file, [[end.directoryStart, end.directoryEnd]])
    const central = readCentralEntries(sparseFile(file.size, [...directory, ...tail]), end)
    const records = await localRecords(file, central, end.directoryStart)
    const problems: BundleProblem[] = []
    const dataStarts = locateEntryData(
      sparseFile(file.size, [...records, ...directory, ...tail]),
      end,
      central,
      problems,
    )
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

/** An entry's bytes, with their SHA-256. */
export interface EntryContent {
  bytes: Uint8Array
  sha256: string
}

/**
 * An entry's bytes, inflated, never more than `limit` (a backup's bound, or what its backup.json
 * declares, whichever is less), counted and CRC-checked chunk by chunk as they come, then hashed,
 * and refused unless they are the ones the ZIP was written with: a damaged entry can still inflate.
 */
export async function entryContent(
  file: Blob,
  entry: ZipEntry,
  limit: number = entry.bytes,
): Promise<EntryContent> {
  if (entry.bytes > limit) {
    return unreadable(
      `${entry.name} declares ${entry.bytes.toLocaleString()} bytes, more than the ${limit.toLocaleString()} it may hold`,
    )
  }
  let crc = 0
  const bytes = await inflated(file, entry, (chunk) => {
    crc = crc32(chunk, crc)
  })
  if (crc >>> 0 !== entry.crc >>> 0) {
    return unreadable(`${entry.name} does not match the checksum the ZIP holds for it`)
  }
  if (bytes.length !== entry.bytes) {
    return unreadable(`${entry.name} inflates to fewer bytes than its directory declares`)
  }
  // Hashed once whole, by the browser's own SHA-256, since the entry is held whole anyway (never
  // more than its declared size): hashing it in JavaScript as it came took a second per 40 MB.
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  return { bytes, sha256: bytesToHex(new Uint8Array(digest)) }
}

/**
 * Compressed bytes handed to zlib at a time. The browser's zlib inflates each chunk written to it
 * whole before any of it is read, and DEFLATE expands at most 1,032 times: a chunk of the file's
 * own size (a MiB or more) could inflate to a GiB at once, these to a few MiB at most.
 */
const inflateInputBytes = 4 * 1024

/**
 * An entry's bytes, inflated as they are read from the file; never more than its directory
 * declares (checked against the bound before this is called), counted as they come, so a damaged
 * or hostile file cannot fill memory: only the entry's declared size, and what one small chunk of
 * it inflates to, is ever held.
 */
async function inflated(
  file: Blob,
  entry: ZipEntry,
  onChunk: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  if (entry.method !== storedMethod && entry.method !== deflateMethod) {
    return unreadable(`${entry.name} is compressed in a way this app does not read`)
  }
  const source = file
    .slice(entry.start, entry.start + entry.compressedBytes)
    .stream()
    .getReader()
  const decompression =
    entry.method === deflateMethod ? new DecompressionStream('deflate-raw') : null
  const reader = decompression ? decompression.readable.getReader() : source
  let stopped = false
  const feed = async (): Promise<void> => {
    if (!decompression) return
    const writer = decompression.writable.getWriter()
    try {
      for (;;) {
        const { done, value } = await source.read()
        if (done) return await writer.close()
        for (let at = 0; at < value.length; at += inflateInputBytes) {
          await writer.write(value.subarray(at, at + inflateInputBytes))
        }
      }
    } catch (error) {
      // Once the inflated bytes were refused, the writes fail for that reason, reported there.
      if (!stopped) throw error
    }
  }
  const content = new Uint8Array(entry.bytes)
  let length = 0
  const readAll = async (): Promise<void> => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      if (length + value.length > entry.bytes) {
        stopped = true
        const tooLarge = new UnreadableZipError(
          `${entry.name} inflates to more than its directory declares`,
        )
        // Nothing more of this entry is read or inflated. Not waited for: a cancel settles only
        // once the pipe into zlib has wound down.
        void reader.cancel(tooLarge).catch(() => undefined)
        void source.cancel(tooLarge).catch(() => undefined)
        throw tooLarge
      }
      onChunk(value)
      content.set(value, length)
      length += value.length
    }
  }
  await Promise.all([feed(), readAll()])
  return content.subarray(0, length)
}
