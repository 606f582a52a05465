import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { blockReplacing, refusingFs } from '../../test-support/refusingStorage'
import { choosePort, readRememberedPort, rememberPort } from './hostAddressFile'
import { acquireInstanceLock, recordInstanceOrigin, releaseInstanceLock } from './instanceLock'

const dataDir = () => mkdtempSync(join(tmpdir(), 'cd-host-start-'))
const children: Array<ReturnType<typeof spawn>> = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  vi.restoreAllMocks()
})

/** The pid of a process that has exited: a holder that is gone. */
const deadPid = async (): Promise<number> => {
  const dead = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => dead.once('exit', resolve))
  return dead.pid ?? 0
}

const mine = { pid: process.pid, origin: null }

describe('the port of a data folder', () => {
  it('is chosen once and remembered, so every start serves the same origin', async () => {
    const dir = dataDir()
    expect(await readRememberedPort(dir)).toBeNull()
    expect(choosePort(null, 0)).toBe(0)
    await rememberPort(dir, 43123)
    expect(await readRememberedPort(dir)).toBe(43123)
    expect(choosePort(43123, 0)).toBe(43123)
    expect(choosePort(43123, 43123)).toBe(43123)
  })

  it('refuses a request that would move the pages away from their data, saying how to start', () => {
    expect(() => choosePort(43123, 43999)).toThrow(
      /pages live at port 43123; at port 43999 the browser would show none of its checks.*PORT=43123/,
    )
  })

  it('leaves nothing behind when storage refuses to write it', async () => {
    const dir = dataDir()
    blockReplacing(join(dir, 'browser-host.json'))
    await expect(rememberPort(dir, 43123)).rejects.toMatchObject({ code: 'EISDIR' })
    expect(readdirSync(dir)).toEqual(['browser-host.json'])
  })

  it('refuses a damaged file rather than guessing', async () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'browser-host.json'), '{"version":1,"port":"soon"}')
    await expect(readRememberedPort(dir)).rejects.toThrow(/is damaged/)
  })
})

describe('one instance per data folder', () => {
  it('tells a second start where the running one is', async () => {
    const dir = dataDir()
    const running = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    children.push(running)
    const pid = running.pid ?? 0
    expect(await acquireInstanceLock(dir, { pid, origin: null })).toEqual({ kind: 'taken' })
    await recordInstanceOrigin(dir, { pid, origin: 'http://127.0.0.1:43123' })
    expect(await acquireInstanceLock(dir, mine)).toEqual({
      kind: 'running',
      holder: { pid, origin: 'http://127.0.0.1:43123' },
    })
    expect(readdirSync(dir)).toEqual(['browser-host.lock'])
  })

  it('takes over the lock of an instance that died without releasing it', async () => {
    const dir = dataDir()
    await acquireInstanceLock(dir, { pid: await deadPid(), origin: 'http://127.0.0.1:1' })
    expect(await acquireInstanceLock(dir, mine)).toEqual({ kind: 'taken' })
    await releaseInstanceLock(dir, process.pid)
    expect(await acquireInstanceLock(dir, mine)).toEqual({ kind: 'taken' })
  })

  it('takes over a lock that is not readable JSON', async () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'browser-host.lock'), '{"pid":')
    expect(await acquireInstanceLock(dir, mine)).toEqual({ kind: 'taken' })
  })

  it('starts read-only, rather than failing, when storage keeps a dead holder’s lock', async () => {
    const dir = dataDir()
    await acquireInstanceLock(dir, { pid: await deadPid(), origin: null })
    const outcome = await acquireInstanceLock(dir, mine, refusingFs({ removals: 'EACCES' }))
    expect(outcome).toMatchObject({ kind: 'unwritable', error: { code: 'EACCES' } })
  })

  it('starts read-only where the folder refuses a new lock', async () => {
    const dir = dataDir()
    const outcome = await acquireInstanceLock(dir, mine, refusingFs({ writes: 'ENOSPC' }))
    expect(outcome).toMatchObject({ kind: 'unwritable', error: { code: 'ENOSPC' } })
    // A lock that says nothing is not left for the next start to puzzle over.
    expect(existsSync(join(dir, 'browser-host.lock'))).toBe(false)
  })

  it('stops without failing when storage will not let go of the lock, saying so in one line', async () => {
    const dir = dataDir()
    await acquireInstanceLock(dir, mine)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(
      releaseInstanceLock(dir, process.pid, refusingFs({ removals: 'EROFS' })),
    ).resolves.toBeUndefined()
    expect(warn.mock.calls).toEqual([
      [
        '[compliance-desk] the instance lock could not be removed (EROFS); the next start takes it over',
      ],
    ])
  })
})
