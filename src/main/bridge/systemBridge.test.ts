import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  startMainSideOnSandbox,
  type MainSideOnSandbox,
} from '../../test-support/mainSideOnSandbox'

let app: MainSideOnSandbox

beforeEach(async () => {
  app = await startMainSideOnSandbox()
})

afterEach(async () => {
  await app.stop()
})

describe('system.notifyChanges', () => {
  it('is answered "not shown" where there is no OS notification (the browser mode)', async () => {
    expect(
      await app.call('system.notifyChanges', {
        count: 2,
        summary: '1 new hit, 1 hit no longer listed',
      }),
    ).toEqual({ ok: true, data: { shown: false } })
  })

  it.each([
    ['an identifier', '1 new hit on 0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1'],
    ['a second line', '1 new hit\nsee the case'],
    ['nothing', ''],
  ])('refuses a summary holding %s', async (_what, summary) => {
    expect(await app.call('system.notifyChanges', { count: 1, summary })).toMatchObject({
      ok: false,
      error: { name: 'ValidationError' },
    })
  })
})

describe('system.changeAlerts', () => {
  it('says whether notifications are wanted and shown here, and keeps the choice', async () => {
    expect(await app.call('system.changeAlerts', {})).toEqual({
      ok: true,
      data: { notifyChanges: true, osNotifications: false },
    })
    expect(await app.call('system.setChangeAlerts', { notifyChanges: false })).toEqual({
      ok: true,
      data: { notifyChanges: false, osNotifications: false },
    })
    expect(await app.call('system.changeAlerts', {})).toMatchObject({
      data: { notifyChanges: false },
    })
  })
})
