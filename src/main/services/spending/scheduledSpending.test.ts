import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { failure, gate, journal, sent } from '../../../test-support/countedWork'
import { openSpending } from './spending'

let folder: string
let path: string
let clock: Date

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cd-spending-'))
  path = join(folder, 'scheduled-allowance.json')
  clock = new Date('2026-06-30T23:00:00.000Z')
})

const open = () => openSpending(folder, { now: () => clock })

const watch = { purpose: 'watch', environment: 'production' } as const

describe('the allowance of scheduled billed checks', () => {
  it('refuses a Production watch check before sending it until the user opts in', async () => {
    const spending = await open()
    const onWire: string[] = []
    await expect(spending.send(watch, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
      mayHaveReachedService: false,
      message: expect.stringContaining('Settings → Scheduled re-screens in Production') as string,
    })
    expect(onWire).toEqual([])
    expect(spending.view()).toEqual({ optedIn: false, cap: null, used: 0, month: '2026-06' })
  })

  it('lets other purposes and unbilled environments through without counting them', async () => {
    const spending = await open()
    const onWire: string[] = []
    await spending.send({ purpose: 'search', environment: 'production' }, sent(onWire))
    await spending.send({ purpose: 'watch', environment: 'local' }, sent(onWire))
    expect(onWire).toHaveLength(2)
    expect(spending.view().used).toBe(0)
  })

  it('counts each check sent and refuses, before sending, the one over the cap', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 2 })
    const onWire: string[] = []
    await spending.send(watch, sent(onWire))
    await spending.send(watch, sent(onWire))
    await expect(spending.send(watch, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.budgetReached,
      mayHaveReachedService: false,
      message: expect.stringContaining('cap of 2 billed checks') as string,
    })
    expect(onWire).toHaveLength(2)
    expect(spending.view()).toEqual({ optedIn: true, cap: 2, used: 2, month: '2026-06' })
  })

  it('holds a place under the cap for a check still waiting its turn', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 1 })
    const { promise: turn, resolve: letGo } = gate()
    const waiting = spending.send(watch, async (count) => {
      await turn
      await count(journal).beforeAttempt(1)
    })
    await expect(spending.send(watch, sent([]))).rejects.toMatchObject({
      name: bridgeErrorNames.budgetReached,
    })
    letGo()
    await waiting
    expect(spending.view().used).toBe(1)
  })

  it('keeps the opt-in and the count through a restart', async () => {
    const before = await open()
    await before.set({ optedIn: true, cap: 5 })
    await before.send(watch, sent([]))
    await before.send(watch, sent([]))
    const after = await open()
    expect(after.view()).toEqual({ optedIn: true, cap: 5, used: 2, month: '2026-06' })
    // Nothing but the file itself is left behind in the folder.
    expect(readdirSync(folder)).toEqual(['scheduled-allowance.json'])
  })

  it('does not count a check the service provably did not act on, nor one never sent', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 5 })
    const refusedOnArrival = spending.send(watch, async (count) => {
      await count(journal).beforeAttempt(1)
      throw failure(false)
    })
    await expect(refusedOnArrival).rejects.toThrow('failed')
    await expect(
      spending.send(watch, () => Promise.reject(failure(false))), // cancelled in the queue
    ).rejects.toThrow('failed')
    expect(spending.view().used).toBe(0)
    expect((await open()).view().used).toBe(0)
  })

  it('counts a check that may have reached the service, whatever came back', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 5 })
    const unknown = spending.send(watch, async (count) => {
      await count(journal).beforeAttempt(1)
      throw failure(true)
    })
    await expect(unknown).rejects.toThrow('failed')
    expect(spending.view().used).toBe(1)
  })

  it('counts a check once however many attempts it takes', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 5 })
    await spending.send(watch, async (count) => {
      const attempts = count(journal)
      await attempts.beforeAttempt(1)
      await attempts.beforeAttempt(2)
    })
    expect(spending.view().used).toBe(1)
  })

  it('starts the count again in a new month (UTC), and gives nothing back to the month before', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 1 })
    const { promise: answered, resolve: letGo } = gate()
    const late = spending.send(watch, async (count) => {
      await count(journal).beforeAttempt(1)
      await answered
      throw failure(false)
    })
    await expect(spending.send(watch, sent([]))).rejects.toMatchObject({
      name: bridgeErrorNames.budgetReached,
    })
    clock = new Date('2026-07-01T00:00:00.000Z')
    expect(spending.view()).toEqual({ optedIn: true, cap: 1, used: 0, month: '2026-07' })
    letGo()
    await expect(late).rejects.toThrow('failed')
    await spending.send(watch, sent([]))
    expect((await open()).view()).toEqual({ optedIn: true, cap: 1, used: 1, month: '2026-07' })
  })

  it('keeps the count when the user opts out and back in within the month', async () => {
    const spending = await open()
    await spending.set({ optedIn: true, cap: 1 })
    await spending.send(watch, sent([]))
    expect(await spending.set({ optedIn: false })).toMatchObject({ optedIn: false, cap: 1 })
    await expect(spending.send(watch, sent([]))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
    })
    await spending.set({ optedIn: true, cap: 1 })
    await expect(spending.send(watch, sent([]))).rejects.toMatchObject({
      name: bridgeErrorNames.budgetReached,
    })
  })

  it('moves an unreadable file aside and starts opted out', async () => {
    writeFileSync(path, '{"version":1,"optedIn":tr')
    const moved: string[] = []
    const spending = await openSpending(folder, {
      now: () => clock,
      onRecovered: (to) => moved.push(to),
    })
    expect(spending.view()).toMatchObject({ optedIn: false, used: 0 })
    expect(moved).toHaveLength(1)
    expect(readdirSync(folder)).toEqual([moved[0]?.slice(folder.length + 1)])
  })
})
