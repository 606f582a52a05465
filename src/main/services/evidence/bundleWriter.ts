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
 * fflate lays out the archive; Node's native zlib compresses (or the browser's, for a backup's
 * chunks), which is several times faster than deflate in JavaScript. Only the file being added
 * is ever held in memory.
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

  constructor(readonly path: string) {
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
  async add(path: string, content: Uint8Array): Promise<ManifestFile> {
    if (this.failure) throw this.failure
    // Synchronous on purpose: files are small (a few KB), and a thread-pool round trip per file
    // cost more than the compression itself. The largest, report.html, takes a few milliseconds.
    return this.addDeflated(path, content, deflateRawSync(content))
  }

  /**
   * Adds a file compressed elsewhere (a backup's chunk, deflated by the renderer). `deflated`
   * must be the raw DEFLATE of `content`, as when `content` was inflated from it: the size, CRC
   * and SHA-256 are those of `content`.
   */
  async addDeflated(
    path: string,
    content: Uint8Array,
    deflated: Uint8Array<ArrayBuffer>,
  ): Promise<ManifestFile> {
    if (this.failure) throw this.failure
    const entry: ZipInputFile = {
      filename: path,
      size: content.length,
      crc: crc32(content),
      compression: deflateMethod,
      mtime: new Date(),
    }
    this.zip.add(entry)
    entry.ondata?.(null, deflated, true)
    const file: ManifestFile = {
      path,
      sha256: createHash('sha256').update(content).digest('hex'),
      bytes: content.length,
    }
    this.files.push(file)
    if (this.out.writableNeedDrain) {
      await new Promise<void>((resolve) => this.out.once('drain', resolve))
    }
    return file
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
