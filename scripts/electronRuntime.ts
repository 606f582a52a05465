import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The Electron executable when its runtime was downloaded, else null. The `electron` package
 * installs without it where its download host cannot be reached; only its typings are there then.
 */
export function electronRuntimePath(): string | null {
  try {
    const executable: unknown = createRequire(import.meta.url)('electron')
    return typeof executable === 'string' && existsSync(executable) ? executable : null
  } catch {
    return null
  }
}

/** Why a command that needs Electron's runtime cannot use it, in a clause. */
export const electronRuntimeMissing =
  'the Electron runtime is not installed (its download was not possible)'

/** Electron needs a display; a headless machine runs the browser mode instead. */
export const hasDisplay = (env: NodeJS.ProcessEnv): boolean =>
  process.platform !== 'linux' || Boolean(env.DISPLAY ?? env.WAYLAND_DISPLAY)
