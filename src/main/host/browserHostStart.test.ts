import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { choosePort, readRememberedPort, rememberPort } from './hostAddressFile'
import { acquireInstanceLock, recordInstanceOrigin, releaseInstanceLock } from './instanceLock'

const dataDir = () => mkdtempSync(join(tmpdir(), 'cd-host-start-'))
const children: Array<ReturnType<typeof spawn>> = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

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
    expect(await acquireInstanceLock(dir, { pid, origin: null })).toBeNull()
    await recordInstanceOrigin(dir, { pid, origin: 'http://127.0.0.1:43123' })
    expect(await acquireInstanceLock(dir, { pid: process.pid, origin: null })).toEqual({
      pid,
      origin: 'http://127.0.0.1:43123',
    })
  })

  it('takes over the lock of an instance that died without releasing it', async () => {
    const dir = dataDir()
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.once('exit', resolve))
    await acquireInstanceLock(dir, { pid: dead.pid ?? 0, origin: 'http://127.0.0.1:1' })
    expect(await acquireInstanceLock(dir, { pid: process.pid, origin: null })).toBeNull()
    await releaseInstanceLock(dir, process.pid)
    expect(await acquireInstanceLock(dir, { pid: process.pid, origin: null })).toBeNull()
  })
})
