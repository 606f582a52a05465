/**
 * Reads a ZIP held in memory one entry at a time, inflated by the browser's own zlib: fflate's
 * inflate, in JavaScript, took several times as long, and a restore inflates every entry twice
 * (to check it, then to write it). Only what a backup is made of is read: entries stored or
 * deflated, without ZIP64 (a backup restored in a browser tab is far below 4 GiB).
 */

/** Where an entry's bytes lie in the file, as the ZIP's central directory says. */
export interface ZipEntry {
  name: string
  method: number
  /** Offset of its compressed bytes. */
  start: number
  compressedBytes: number
  /** Its size once inflated, as the directory declares it. */
  bytes: number
}

/** A ZIP that cannot be read; the message says why. */
export class UnreadableZipError extends Error {
  override name = 'UnreadableZipError'
}

const storedMethod = 0
const deflateMethod = 8
const endOfDirectorySignature = 0x06054b50
const directoryEntrySignature = 0x02014b50
const localHeaderSignature = 0x04034b50
/** The end-of-directory record's size without its comment, which may be up to 65,535 bytes. */
const endOfDirectoryBytes = 22

const names = new TextDecoder()

const unreadable = (problem: string): never => {
  throw new UnreadableZipError(problem)
}

/** Every entry of the ZIP, by name, from its central directory; nothing is inflated. */
export function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const entries = new Map<string, ZipEntry>()
  try {
    let end = zip.length - endOfDirectoryBytes
    const earliest = Math.max(0, end - 0xffff)
    while (end >= earliest && view.getUint32(end, true) !== endOfDirectorySignature) end -= 1
    if (end < earliest) return unreadable('it has no central directory')
    const count = view.getUint16(end + 10, true)
    let at = view.getUint32(end + 16, true)
    for (let index = 0; index < count; index += 1) {
      if (view.getUint32(at, true) !== directoryEntrySignature) {
        return unreadable('its central directory is damaged')
      }
      const nameBytes = view.getUint16(at + 28, true)
      const local = view.getUint32(at + 42, true)
      if (view.getUint32(local, true) !== localHeaderSignature) {
        return unreadable('an entry’s header is damaged')
      }
      const entry: ZipEntry = {
        name: names.decode(zip.subarray(at + 46, at + 46 + nameBytes)),
        method: view.getUint16(at + 10, true),
        start: local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true),
        compressedBytes: view.getUint32(at + 20, true),
        bytes: view.getUint32(at + 24, true),
      }
      if (entry.start + entry.compressedBytes > zip.length) {
        return unreadable(`${entry.name} runs past the end of the file`)
      }
      if (entries.has(entry.name)) return unreadable(`it holds ${entry.name} twice`)
      entries.set(entry.name, entry)
      at += 46 + nameBytes + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    }
  } catch (error) {
    // A length or offset pointing past the end of the file: DataView refuses to read there.
    if (error instanceof RangeError) return unreadable('it is cut short or damaged')
    throw error
  }
  return entries
}

/**
 * An entry's bytes, inflated; never more than its directory declares, so a damaged or hostile
 * file cannot fill memory.
 */
export async function entryContent(zip: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
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
