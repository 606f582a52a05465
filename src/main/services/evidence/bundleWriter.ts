import { createHash } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { crc32, deflateRawSync } from 'node:zlib'
import { Zip, type ZipInputFile } from 'fflate'
import type { ManifestFile } from '../../../shared/evidence/bundleFormat'

/** Chunks are gathered up to this size before one write: fflate emits many small pieces. */
const writeBlockBytes = 1024 * 1024

/** ZIP's "deflate" method number. */
const deflateMethod = 8

export interface WrittenBundle {
  bytes: number
  sha256: string
}

/**
 * Streams a ZIP to disk one file at a time, keeping the SHA-256 and size of each for the manifest.
 * fflate lays out the archive; Node's native zlib compresses, which is several times faster than
 * deflate in JavaScript. Only the file being added is ever held in memory.
 */
export class BundleWriter {
  readonly files: ManifestFile[] = []
  private readonly out: WriteStream
  private readonly zip: Zip
  private readonly bundleHash = createHash('sha256')
  private written = 0
  private failure: Error | null = null
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  private readonly closed: Promise<void>

  /**
   * `level` is zlib's: evidence is written once and kept for years (6); a backup is a large copy
   * made while the user waits, where speed matters more than a few percent of size (1).
   */
  constructor(
    readonly path: string,
    private readonly level: 1 | 6 = 6,
  ) {
    this.out = createWriteStream(path, { flags: 'wx' })
    this.closed = new Promise((resolve, reject) => {
      this.out.once('close', resolve)
      this.out.once('error', (error) => {
        this.failure = error
        reject(error)
      })
    })
    // Settled by finish() or abort(); an early failure is reported by the next call instead.
    this.closed.catch(() => undefined)
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error
        this.out.destroy(error)
        return
      }
      this.bundleHash.update(chunk)
      this.written += chunk.length
      this.pending.push(chunk)
      this.pendingBytes += chunk.length
      if (final || this.pendingBytes >= writeBlockBytes) this.flush()
      if (final) this.out.end()
    })
  }

  /** Adds one file; resolves once its bytes are handed to the disk and the disk has caught up. */
  async add(path: string, content: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure
    // Synchronous on purpose: files are small (a few KB), and a thread-pool round trip per file
    // cost more than the compression itself. The largest, report.html, takes a few milliseconds.
    const compressed = deflateRawSync(content, { level: this.level })
    const entry: ZipInputFile = {
      filename: path,
      size: content.length,
      crc: crc32(content),
      compression: deflateMethod,
      mtime: new Date(),
    }
    this.zip.add(entry)
    entry.ondata?.(null, compressed, true)
    this.files.push({
      path,
      sha256: createHash('sha256').update(content).digest('hex'),
      bytes: content.length,
    })
    if (this.out.writableNeedDrain) {
      await new Promise<void>((resolve) => this.out.once('drain', resolve))
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return
    this.out.write(Buffer.concat(this.pending, this.pendingBytes))
    this.pending = []
    this.pendingBytes = 0
  }

  /** Ends the archive and waits until every byte is on disk. */
  async finish(): Promise<WrittenBundle> {
    if (this.failure) throw this.failure
    this.zip.end()
    await this.closed
    return { bytes: this.written, sha256: this.bundleHash.digest('hex') }
  }

  /** Stops writing and removes what was written. */
  async abort(): Promise<void> {
    this.zip.terminate()
    this.out.destroy()
    await this.closed.catch(() => undefined)
    await rm(this.path, { force: true })
  }
}
