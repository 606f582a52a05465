import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { failure, gate, journal, sent } from '../../../test-support/countedWork'
import { allowanceKeptDays } from './bulkSpending'
import { openSpending } from './spending'

let folder: string

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cd-bulk-spending-'))
})

const open = () => openSpending(folder)
const bulk = { purpose: 'bulk', environment: 'production', jobId: 'job-1' } as const
const allowancesOnDisk = (): { jobs: Record<string, unknown> } =>
  JSON.parse(readFileSync(join(folder, 'bulk-allowances.json'), 'utf8')) as {
    jobs: Record<string, unknown>
  }
/** The file as earlier versions wrote it: a job with neither its purpose nor a date. */
const writeOldAllowances = (): void =>
  writeFileSync(
    join(folder, 'bulk-allowances.json'),
    JSON.stringify({
      version: 1,
      jobs: { 'job-1': { environment: 'production', cap: 2, used: 1 } },
    }),
  )
const capReached = { name: bridgeErrorNames.budgetReached, mayHaveReachedService: false }

describe('the cap of a billed bulk job', () => {
  it('refuses a billed bulk check that names no job, or a job nobody confirmed, before sending it', async () => {
    const spending = await open()
    const onWire: string[] = []
    await expect(
      spending.send({ purpose: 'bulk', environment: 'production' }, sent(onWire)),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.validation,
      mayHaveReachedService: false,
      message: expect.stringContaining('must name its job') as string,
    })
    await expect(spending.send(bulk, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
      message: expect.stringContaining('no confirmed budget') as string,
    })
    // Confirmed for another environment is not confirmed for this one.
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'sandbox', cap: 5 })
    await expect(spending.send(bulk, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
    })
    expect(onWire).toEqual([])
  })

  it('lets bulk checks of unbilled environments through without a job', async () => {
    const spending = await open()
    const onWire: string[] = []
    await spending.send({ purpose: 'bulk', environment: 'sandbox' }, sent(onWire))
    await spending.send({ purpose: 'bulk', environment: 'local' }, sent(onWire))
    expect(onWire).toHaveLength(2)
  })

  it('sends up to the cap and refuses, before sending, the check over it', async () => {
    const spending = await open()
    expect(
      await spending.allowJob({
        jobId: 'job-1',
        purpose: 'bulk',
        environment: 'production',
        cap: 2,
      }),
    ).toEqual({
      jobId: 'job-1',
      cap: 2,
      used: 0,
    })
    const onWire: string[] = []
    await spending.send(bulk, sent(onWire))
    await spending.send(bulk, sent(onWire))
    await expect(spending.send(bulk, sent(onWire))).rejects.toMatchObject({
      ...capReached,
      message: expect.stringContaining('budget cap of 2 billed checks') as string,
    })
    expect(onWire).toHaveLength(2)
    // Another job's cap is its own.
    await spending.allowJob({ jobId: 'job-2', purpose: 'bulk', environment: 'production', cap: 1 })
    await spending.send({ ...bulk, jobId: 'job-2' }, sent(onWire))
    expect(onWire).toHaveLength(3)
  })

  it('sends without limit a job confirmed with no cap', async () => {
    const spending = await open()
    await spending.allowJob({
      jobId: 'job-1',
      purpose: 'bulk',
      environment: 'production',
      cap: null,
    })
    const onWire: string[] = []
    for (let check = 0; check < 5; check += 1) await spending.send(bulk, sent(onWire))
    expect(onWire).toHaveLength(5)
  })

  it('holds a place under the cap for a check still waiting its turn', async () => {
    const spending = await open()
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    const { promise: turn, resolve: letGo } = gate()
    const waiting = spending.send(bulk, async (count) => {
      await turn
      await count(journal).beforeAttempt(1)
    })
    await expect(spending.send(bulk, sent([]))).rejects.toMatchObject(capReached)
    letGo()
    await waiting
    await expect(spending.send(bulk, sent([]))).rejects.toMatchObject(capReached)
  })

  it('keeps the cap and the count through a restart', async () => {
    const before = await open()
    await before.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 3 })
    await before.send(bulk, sent([]))
    await before.send(bulk, sent([]))
    const after = await open()
    const onWire: string[] = []
    await after.send(bulk, sent(onWire))
    await expect(after.send(bulk, sent(onWire))).rejects.toMatchObject(capReached)
    expect(onWire).toHaveLength(1)
    // Nothing but the file itself is left behind in the folder.
    expect(readdirSync(folder)).toEqual(['bulk-allowances.json'])
  })

  it('does not count a refusal, a check that never left, or one the service did not act on', async () => {
    const spending = await open()
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    await expect(
      spending.send(bulk, async (count) => {
        await count(journal).beforeAttempt(1)
        throw failure(false)
      }),
    ).rejects.toThrow('failed')
    await expect(spending.send(bulk, () => Promise.reject(failure(false)))).rejects.toThrow(
      'failed',
    )
    const onWire: string[] = []
    await (await open()).send(bulk, sent(onWire))
    expect(onWire).toHaveLength(1)
  })

  it('counts a check that may have reached the service, whatever came back', async () => {
    const spending = await open()
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    await expect(
      spending.send(bulk, async (count) => {
        await count(journal).beforeAttempt(1)
        throw failure(true)
      }),
    ).rejects.toThrow('failed')
    await expect(spending.send(bulk, sent([]))).rejects.toMatchObject(capReached)
  })

  it('goes on once the cap is raised, and refuses a cap not above what was sent', async () => {
    const spending = await open()
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    await spending.send(bulk, sent([]))
    await expect(spending.send(bulk, sent([]))).rejects.toMatchObject(capReached)
    await expect(
      spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 }),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.validation,
      message: 'The new cap must be above the 1 billed check this bulk job has already sent.',
    })
    expect(
      await spending.allowJob({
        jobId: 'job-1',
        purpose: 'bulk',
        environment: 'production',
        cap: 2,
      }),
    ).toEqual({
      jobId: 'job-1',
      cap: 2,
      used: 1,
    })
    const onWire: string[] = []
    await spending.send(bulk, sent(onWire))
    expect(onWire).toHaveLength(1)
    await expect(spending.send(bulk, sent([]))).rejects.toMatchObject(capReached)
  })
})

describe('the cap of a re-screen a person started in Production', () => {
  const rescreen = { purpose: 'rescreen', environment: 'production', jobId: 'rescreen-1' } as const

  it('refuses a billed re-screen check that names no re-screen, or one nobody confirmed, before sending it', async () => {
    const spending = await open()
    const onWire: string[] = []
    await expect(
      spending.send({ purpose: 'rescreen', environment: 'production' }, sent(onWire)),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.validation,
      mayHaveReachedService: false,
      message: expect.stringContaining('a re-screen check in Production is billed') as string,
    })
    await expect(spending.send(rescreen, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
      message: expect.stringContaining(
        'no confirmed budget on record for this Production re-screen',
      ) as string,
    })
    expect(onWire).toEqual([])
    // Unbilled environments need no confirmation.
    await spending.send({ purpose: 'rescreen', environment: 'sandbox' }, sent(onWire))
    expect(onWire).toHaveLength(1)
  })

  it('sends up to the cap and refuses the check over it, saying so as a re-screen’s', async () => {
    const spending = await open()
    await spending.allowJob({
      jobId: 'rescreen-1',
      purpose: 'rescreen',
      environment: 'production',
      cap: 2,
    })
    const onWire: string[] = []
    await spending.send(rescreen, sent(onWire))
    await spending.send(rescreen, sent(onWire))
    await expect(spending.send(rescreen, sent(onWire))).rejects.toMatchObject({
      ...capReached,
      message:
        'Nothing was sent: this re-screen has sent its budget cap of 2 billed checks. Raise the cap to go on.',
    })
    expect(onWire).toHaveLength(2)
    await spending.allowJob({
      jobId: 'rescreen-1',
      purpose: 'rescreen',
      environment: 'production',
      cap: 3,
    })
    await spending.send(rescreen, sent(onWire))
    expect(onWire).toHaveLength(3)
  })

  it('never spends a bulk job’s allowance on a re-screen, nor the reverse', async () => {
    const spending = await open()
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 5 })
    await spending.allowJob({
      jobId: 'rescreen-1',
      purpose: 'rescreen',
      environment: 'production',
      cap: 5,
    })
    const onWire: string[] = []
    await expect(
      spending.send({ ...rescreen, jobId: 'job-1' }, sent(onWire)),
    ).rejects.toMatchObject({ name: bridgeErrorNames.notOptedIn })
    await expect(
      spending.send({ ...bulk, jobId: 'rescreen-1' }, sent(onWire)),
    ).rejects.toMatchObject({ name: bridgeErrorNames.notOptedIn })
    await expect(
      spending.allowJob({ jobId: 'job-1', purpose: 'rescreen', environment: 'production', cap: 9 }),
    ).rejects.toMatchObject({ name: bridgeErrorNames.validation })
    expect(onWire).toEqual([])
  })

  it('reads a job recorded before re-screens had caps as a bulk job’s', async () => {
    writeOldAllowances()
    const spending = await open()
    const onWire: string[] = []
    await spending.send(bulk, sent(onWire))
    await expect(spending.send(bulk, sent(onWire))).rejects.toMatchObject(capReached)
    await expect(
      spending.send({ ...rescreen, jobId: 'job-1' }, sent(onWire)),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
    })
    expect(onWire).toHaveLength(1)
  })

  it('forgets a job left untouched for half a year, which must then be confirmed again', async () => {
    let today = new Date('2026-01-01T00:00:00.000Z')
    const openOn = () => openSpending(folder, { now: () => today })
    const first = await openOn()
    await first.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 5 })
    await first.allowJob({ jobId: 'job-2', purpose: 'bulk', environment: 'production', cap: 5 })
    today = new Date('2026-05-01T00:00:00.000Z')
    await first.send({ ...bulk, jobId: 'job-2' }, sent([]))

    today = new Date(Date.parse('2026-01-01T00:00:00.000Z') + (allowanceKeptDays + 1) * 86_400_000)
    const later = await openOn()
    const onWire: string[] = []
    await expect(later.send(bulk, sent(onWire))).rejects.toMatchObject({
      name: bridgeErrorNames.notOptedIn,
    })
    // Counted since: kept.
    await later.send({ ...bulk, jobId: 'job-2' }, sent(onWire))
    expect(onWire).toHaveLength(1)
    expect(Object.keys(allowancesOnDisk().jobs)).toEqual(['job-2'])
  })

  it('dates a job recorded before entries were dated from when it is first read', async () => {
    writeOldAllowances()
    const readOn = new Date('2026-03-01T00:00:00.000Z')
    await openSpending(folder, { now: () => readOn })
    expect(allowancesOnDisk().jobs['job-1']).toMatchObject({
      used: 1,
      touchedAt: readOn.toISOString(),
    })
  })
})
