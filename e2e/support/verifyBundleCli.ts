import { spawnSync } from 'node:child_process'

/** `npm run verify-bundle -- ARGS`, as a reviewer runs it, with its output and exit status. */
export const verifyBundleCli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verifyBundle.ts', ...args], {
    encoding: 'utf8',
  })
