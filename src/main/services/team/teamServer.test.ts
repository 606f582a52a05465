import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTeamServer, type TeamServer } from '../../../test-support/teamServer'

const basic = (name: string, password: string): string =>
  `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`

/** The server's own folder: its config names its admin (other servers may run beside it). */
async function folderOf(server: TeamServer): Promise<string | undefined> {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith('team-server-')) continue
    const config = await readFile(join(tmpdir(), name, 'config.json'), 'utf8').catch(() => '')
    if (config.includes(`"${server.admin.name}"`)) return join(tmpdir(), name)
  }
  return undefined
}

describe('the team server stand-in', () => {
  let server: TeamServer | undefined
  afterEach(async () => server?.stop())

  it('answers on loopback once announced, knows only its admin as admin, and leaves nothing behind', async () => {
    server = await startTeamServer()
    expect(new URL(server.url).hostname).toBe('127.0.0.1')
    const folder = await folderOf(server)
    expect(folder).toBeDefined()

    const asAdmin = await fetch(new URL('_session', server.url), {
      headers: { authorization: basic(server.admin.name, server.admin.password) },
    })
    expect(((await asAdmin.json()) as { userCtx: { roles: string[] } }).userCtx.roles).toContain(
      '_admin',
    )
    const anonymous = await fetch(new URL('_session', server.url))
    expect(((await anonymous.json()) as { userCtx: { roles: string[] } }).userCtx.roles).toEqual([])
    const wrongPassword = await fetch(new URL('_session', server.url), {
      headers: { authorization: basic(server.admin.name, 'not-the-password') },
    })
    expect(wrongPassword.status).toBe(401)

    await server.stop()
    await expect(fetch(server.url)).rejects.toThrow()
    expect(existsSync(folder ?? '')).toBe(false)
  })
})
