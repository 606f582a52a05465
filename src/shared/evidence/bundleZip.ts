import { Inflate } from 'fflate'
import { unsafePathReason } from './bundleFormat'
import type { BundleProblem } from './bundleProblems'
import {
  locateEntryData,
  readCentralEntries,
  readZipEnd,
  zipFlags,
  ZipLayoutError,
  type CentralEntry,
  type ZipEnd,
} from './zipLayout'

/**
 * What a bundle may hold. An export of thousands of checks stays far below both; anything beyond
 * is refused before a byte is inflated, so a small file cannot make verification slow or large.
 */
export const bundleZipLimits = {
  maxEntries: 50_000,
  maxTotalBytes: 256 * 1024 * 1024,
} as const

export interface BundleZipRead {
  /** Every readable, safe entry by its exact name; null when the archive as a whole is refused. */
  files: Map<string, Uint8Array> | null
  problems: BundleProblem[]
}

const storedMethod = 0
const deflateMethod = 8

/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032 times,
 * so one push yields at most ~16 MiB before the count of real bytes can stop an entry that holds
 * more than it declared.
 */
const inflateChunkBytes = 16 * 1024

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`
  const units = ['KiB', 'MiB', 'GiB'] as const
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

const isDirectoryEntry = (entry: CentralEntry): boolean =>
  entry.name.endsWith('/') && entry.declaredSize === 0

/** Why an entry is not read, from its central-directory record alone, or null to read it. */
function refusalOf(entry: CentralEntry, seen: Set<string>): string | null {
  const reason = unsafePathReason(entry.name)
  if (reason !== null) return `refused unread: its path ${reason}`
  if (seen.has(entry.name)) return 'appears more than once'
  seen.add(entry.name)
  if (entry.declaredSize > bundleZipLimits.maxTotalBytes) {
    return `declares ${sizeText(entry.declaredSize)} uncompressed, more than the ${sizeText(bundleZipLimits.maxTotalBytes)} a bundle may hold: refused unread`
  }
  if (entry.flags & zipFlags.encrypted) return 'is encrypted, which no bundle is: refused unread'
  if (entry.method !== storedMethod && entry.method !== deflateMethod) {
    return `uses compression method ${entry.method}, which no bundle uses: refused unread`
  }
  if (entry.method === storedMethod && entry.compressedSize !== entry.declaredSize) {
    return `is stored uncompressed yet declares ${entry.declaredSize} bytes for ${entry.compressedSize} stored: refused unread`
  }
  return null
}

/**
 * Inflates into a buffer of the declared size, counting the real bytes as they come: an entry
 * that holds more is stopped at the first push that overflows. fflate's `inflateSync` with an
 * `out` buffer would bound memory too, but it silently drops what does not fit and keeps decoding
 * to the end of the stream, so an understated size would go unnoticed and cost the full time.
 */
function inflateEntry(data: Uint8Array, declaredSize: number): Uint8Array | string {
  const out = new Uint8Array(declaredSize)
  let written = 0
  let overflowed = false
  const inflater = new Inflate((chunk) => {
    if (overflowed || written + chunk.length > declaredSize) {
      overflowed = true
      return
    }
    out.set(chunk, written)
    written += chunk.length
  })
  try {
    let at = 0
    do {
      const next = at + inflateChunkBytes
      inflater.push(data.subarray(at, next), next >= data.length)
      at = next
    } while (at < data.length && !overflowed)
  } catch (error) {
    return `cannot be inflated (${error instanceof Error ? error.message : String(error)}): refused`
  }
  if (overflowed) {
    return `inflates to more than the ${sizeText(declaredSize)} its central directory declares: stopped and refused`
  }
  if (written < declaredSize) {
    return `inflates to ${sizeText(written)}, not the ${sizeText(declaredSize)} its central directory declares: refused`
  }
  return out
}

/**
 * Reads a bundle ZIP so that every entry is seen whatever its name (`__proto__` included: the
 * files are a Map, never an object), unsafe names and duplicates are refused, directories are
 * skipped, and nothing is inflated until the central directory's declared count and sizes are
 * within `bundleZipLimits`. The declared sizes are then held to while inflating: with the total
 * of the declared sizes capped, the real bytes inflated are capped too.
 */
export function readBundleZip(zip: Uint8Array): BundleZipRead {
  const problems: BundleProblem[] = []
  const refuseWhole = (detail: string): BundleZipRead => {
    problems.push({ kind: 'refused', detail })
    return { files: null, problems }
  }
  let entries: CentralEntry[]
  let end: ZipEnd
  try {
    end = readZipEnd(zip)
    if (end.entryCount > bundleZipLimits.maxEntries) {
      return refuseWhole(
        `the bundle declares ${end.entryCount.toLocaleString('en')} entries, more than the ${bundleZipLimits.maxEntries.toLocaleString('en')} a bundle may hold: refused unread`,
      )
    }
    entries = readCentralEntries(zip, end)
  } catch (error) {
    if (!(error instanceof ZipLayoutError)) throw error
    problems.push({ kind: 'unreadable', detail: `not a readable ZIP file (${error.message})` })
    return { files: null, problems }
  }

  const seen = new Set<string>()
  const wanted: CentralEntry[] = []
  let declaredTotal = 0
  for (const entry of entries) {
    const refusal = refusalOf(entry, seen)
    if (refusal !== null) {
      problems.push({ kind: 'refused', path: entry.name, detail: refusal })
    } else if (!isDirectoryEntry(entry)) {
      wanted.push(entry)
      declaredTotal += entry.declaredSize
    }
  }
  if (declaredTotal > bundleZipLimits.maxTotalBytes) {
    return refuseWhole(
      `its entries declare ${sizeText(declaredTotal)} uncompressed in all, more than the ${sizeText(bundleZipLimits.maxTotalBytes)} a bundle may hold: refused unread`,
    )
  }

  const dataStarts = locateEntryData(zip, end, entries, problems)
  const files = new Map<string, Uint8Array>()
  for (const entry of wanted) {
    const start = dataStarts.get(entry)
    if (start === undefined) continue
    const data = zip.subarray(start, start + entry.compressedSize)
    const bytes = entry.method === storedMethod ? data : inflateEntry(data, entry.declaredSize)
    if (typeof bytes === 'string')
      problems.push({ kind: 'refused', path: entry.name, detail: bytes })
    else files.set(entry.name, bytes)
  }
  return { files, problems }
}
