import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { replaceFile } from '../services/dataFolder/atomicFile'
import { makePrivateFolder } from '../services/dataFolder/privateFolder'

/**
 * The browser keeps a page's data (IndexedDB) per origin, and the browser mode's origin is its
 * port: the port is chosen once per data folder and kept in `browser-host.json` beside the
 * settings, so every later start serves the same origin and finds the same data.
 */
const hostAddressSchema = z.object({
  version: z.literal(1),
  port: z.number().int().min(1).max(65535),
})

const fileOf = (dataDir: string): string => join(dataDir, 'browser-host.json')

/** The port this data folder's pages live at, or null before the first start. */
export async function readRememberedPort(dataDir: string): Promise<number | null> {
  let text: string
  try {
    text = await readFile(fileOf(dataDir), 'utf8')
  } catch {
    return null
  }
  const parsed = hostAddressSchema.safeParse(JSON.parse(text) as unknown)
  if (!parsed.success) {
    throw new Error(
      `${fileOf(dataDir)} is damaged, so the address of this data folder's pages is unknown. Restore it, or start with PORT=<the port you used before>.`,
    )
  }
  return parsed.data.port
}

/** Written once, atomically (a crash mid-write never leaves half a file). */
export async function rememberPort(dataDir: string, port: number): Promise<void> {
  await makePrivateFolder(dataDir)
  await replaceFile(fileOf(dataDir), `${JSON.stringify({ version: 1, port }, null, 2)}\n`)
}

/**
 * Which port to listen on: the remembered one, always; a requested one only on the first start.
 * Throws, saying what to do, when the request would move the pages away from their data.
 */
export function choosePort(remembered: number | null, requested: number): number {
  if (remembered === null) return requested
  if (requested !== 0 && requested !== remembered) {
    throw new Error(
      `this data folder's pages live at port ${remembered}; at port ${requested} the browser would show none of its checks, cases or entities. Start without PORT, or with PORT=${remembered}.`,
    )
  }
  return remembered
}
