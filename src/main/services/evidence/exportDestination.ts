import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ExportDelivery } from '../../../shared/bridge/evidenceContract'
import { moveIntoPlace } from '../dataFolder/atomicFile'

/** Where one bundle is being written, and how it reaches the user once complete. */
export interface ExportTarget {
  /** The file the bundle is written to while it is incomplete. */
  readonly partialPath: string
  readonly fileName: string
  deliver(): Promise<ExportDelivery>
  discard(): Promise<void>
}

/**
 * The platform port for exports: Electron asks with a native save dialog, the browser mode hands
 * the finished file to the browser as a download. Null means the user cancelled.
 */
export interface ExportDestination {
  open(suggestedFileName: string, kind?: SavedFileKind): Promise<ExportTarget | null>
}

/** What is being saved, so a save dialog can say so. */
export type SavedFileKind = 'evidence' | 'backup'

/**
 * A file the user chose (Electron's save dialog): written beside it under `.partial`, moved
 * into place only once complete (see `moveIntoPlace`), so a failed export never leaves a
 * truncated bundle under the chosen name, nor the `.partial` beside it.
 */
export function chosenFileDestination(
  choosePath: (suggestedFileName: string, kind: SavedFileKind) => Promise<string | null>,
): ExportDestination {
  return {
    open: async (suggestedFileName, kind = 'evidence') => {
      const path = await choosePath(suggestedFileName, kind)
      if (path === null) return null
      const partialPath = `${path}.partial`
      await rm(partialPath, { force: true })
      return {
        partialPath,
        fileName: path,
        deliver: async () => {
          await moveIntoPlace(partialPath, path)
          return { kind: 'saved', path }
        },
        discard: () => rm(partialPath, { force: true }),
      }
    },
  }
}

interface PendingDownload {
  path: string
  fileName: string
  expires: number
}

/** How long a finished bundle waits to be downloaded before it is removed. */
const downloadLifetimeMs = 10 * 60_000
export const downloadPathPrefix = '/downloads/'

/**
 * The browser mode's destination: bundles are written to a private folder and fetched once
 * through an unguessable, single-use address, then removed.
 */
export class DownloadDestination implements ExportDestination {
  private readonly pending = new Map<string, PendingDownload>()

  constructor(private readonly folder: string) {}

  /** Bundles of an earlier run can no longer be fetched (their addresses died with it). */
  async removeLeftovers(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true })
  }

  async open(suggestedFileName: string): Promise<ExportTarget> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 })
    const partialPath = join(this.folder, `${randomUUID()}.zip`)
    return {
      partialPath,
      fileName: suggestedFileName,
      deliver: async () => {
        await this.expireOld()
        const token = randomBytes(32).toString('base64url')
        this.pending.set(token, {
          path: partialPath,
          fileName: suggestedFileName,
          expires: Date.now() + downloadLifetimeMs,
        })
        return {
          kind: 'download',
          url: `${downloadPathPrefix}${token}`,
          fileName: suggestedFileName,
        }
      },
      discard: () => rm(partialPath, { force: true }),
    }
  }

  /** The file behind a download address, once: a second request with it finds nothing. */
  take(token: string): { path: string; fileName: string } | null {
    const download = this.pending.get(token)
    this.pending.delete(token)
    if (!download || download.expires < Date.now()) return null
    return { path: download.path, fileName: download.fileName }
  }

  private async expireOld(): Promise<void> {
    const now = Date.now()
    for (const [token, download] of this.pending) {
      if (download.expires >= now) continue
      this.pending.delete(token)
      await rm(download.path, { force: true })
    }
  }
}
