import { Inflate, inflateSync } from 'fflate'
import { plainEntryName, unsafePathReason } from './bundleFormat'
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
  const plain = plainEntryName(entry.name)
  if (seen.has(plain)) {
    return plain === entry.name ? 'appears more than once' : `is a second copy of ${plain}`
  }
  seen.add(plain)
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
 * The common case, several times faster than streaming: an entry of at most one push's compressed
 * bytes, inflated in one call into a buffer one byte longer than declared, so a result that fills
 * it betrays an overflow. Its work is bounded as one push is. Anything but an exact fit (more,
 * less, an error) returns null and is read again by the streaming path, which says precisely what
 * is wrong and charges the bytes.
 */
function inflateSmallEntry(data: Uint8Array, declaredSize: number): Uint8Array | null {
  if (data.length > inflateChunkBytes) return null
  try {
    const bytes = inflateSync(data, { out: new Uint8Array(declaredSize + 1) })
    return bytes.length === declaredSize ? bytes : null
  } catch {
    return null
  }
}

/** Real inflated bytes the rest of the archive may still produce, past declared sizes included. */
interface InflateBudget {
  remaining: number
}

type Inflated = { bytes: Uint8Array } | { refusal: string; budgetSpent: boolean }

/**
 * Inflates into a buffer of the declared size, counting the real bytes as they come: an entry
 * that holds more is stopped at the first push that overflows, and every byte inflated, those
 * past a declared size too, is charged to one budget for the whole archive, so many small lying
 * entries cannot add up to more work than the cap either. fflate's `inflateSync` with an `out`
 * buffer bounds memory but not time: it drops what does not fit and keeps decoding to the end of
 * the stream, so it is trusted only where that end is one push away (`inflateSmallEntry`).
 */
function inflateEntry(data: Uint8Array, declaredSize: number, budget: InflateBudget): Inflated {
  const whole = inflateSmallEntry(data, declaredSize)
  if (whole) {
    budget.remaining -= whole.length
    return { bytes: whole }
  }
  const out = new Uint8Array(declaredSize)
  let written = 0
  let overflowed = false
  const inflater = new Inflate((chunk) => {
    budget.remaining -= chunk.length
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
    const reason = error instanceof Error ? error.message : String(error)
    return { refusal: `cannot be inflated (${reason}): refused`, budgetSpent: false }
  }
  if (overflowed) {
    return {
      refusal: `inflates to more than the ${sizeText(declaredSize)} its central directory declares: stopped and refused`,
      budgetSpent: budget.remaining < 0,
    }
  }
  if (written < declaredSize) {
    return {
      refusal: `inflates to ${sizeText(written)}, not the ${sizeText(declaredSize)} its central directory declares: refused`,
      budgetSpent: false,
    }
  }
  return { bytes: out }
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
  const budget: InflateBudget = { remaining: bundleZipLimits.maxTotalBytes }
  for (const entry of wanted) {
    const start = dataStarts.get(entry)
    if (start === undefined) continue
    const data = zip.subarray(start, start + entry.compressedSize)
    const inflated =
      entry.method === storedMethod
        ? { bytes: data }
        : inflateEntry(data, entry.declaredSize, budget)
    if ('bytes' in inflated) {
      files.set(plainEntryName(entry.name), inflated.bytes)
      continue
    }
    problems.push({ kind: 'refused', path: entry.name, detail: inflated.refusal })
    if (inflated.budgetSpent) {
      return refuseWhole(
        `its entries inflate to more than the ${sizeText(bundleZipLimits.maxTotalBytes)} a bundle may hold, whatever they declare: reading stopped and the bundle refused`,
      )
    }
  }
  return { files, problems }
}
