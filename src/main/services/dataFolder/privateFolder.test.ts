import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startMainSide } from '../../app/startMainSide'
import { sessionKeyStore } from '../keys/secretKeyStore'

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8)

/** Every folder and file under `folder` with its mode, as `ls -l` would show whom it lets in. */
const modesUnder = (folder: string): Record<string, string> => {
  const modes: Record<string, string> = { '.': modeOf(folder) }
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      modes[`${prefix}${name}`] = modeOf(path)
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`)
    }
  }
  walk(folder, '')
  return modes
}

const start = async (dataDir: string): Promise<void> => {
  const mainSide = await startMainSide({
    dataDir,
    keyStore: sessionKeyStore('tests keep keys for the session'),
    localSandbox: { baseUrl: 'http://127.0.0.1:1/', secretKey: 'sk_test_local_0000' },
  })
  await mainSide.close()
}

describe.skipIf(process.platform === 'win32')('the data folder is its owner’s alone', () => {
  it('is created 0700 with the request journal 0600, whatever the umask', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cd-private-')), 'data')
    const umask = process.umask(0o022)
    try {
      await start(dataDir)
    } finally {
      process.umask(umask)
    }
    expect(modeOf(dataDir)).toBe('700')
    expect(modeOf(join(dataDir, 'requests.journal'))).toBe('600')
  })

  it('is made private at start when an earlier version left it and its files readable by all', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cd-private-'))
    writeFileSync(join(dataDir, 'requests.journal'), '')
    mkdirSync(join(dataDir, 'notes'))
    writeFileSync(
      join(dataDir, 'notes', 'wallets.txt'),
      'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw',
    )
    for (const path of ['', 'requests.journal', 'notes', 'notes/wallets.txt']) {
      chmodSync(join(dataDir, path), path.includes('.') ? 0o644 : 0o755)
    }
    await start(dataDir)
    const modes = modesUnder(dataDir)
    for (const [path, mode] of Object.entries(modes)) {
      const isFolder = statSync(join(dataDir, path)).isDirectory()
      expect(mode, path).toBe(isFolder ? '700' : '600')
    }
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining(['.', 'requests.journal', 'notes', 'notes/wallets.txt']),
    )
  })
})
