import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { sent } from '../../../test-support/countedWork'
import { blockReplacing } from '../../../test-support/refusingStorage'
import { ServiceError } from '../serviceError'
import { openSpending } from './spending'

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cd-spending-storage-'))
})

const bulk = { purpose: 'bulk', environment: 'production', jobId: 'job-1' } as const
const watch = { purpose: 'watch', environment: 'production' } as const

const notSent = () => ({
  name: bridgeErrorNames.storage,
  mayHaveReachedService: false,
  message: `The data folder (${folder}) could not be written (EISDIR), so this check was not sent: nothing reached the service and nothing was billed. Check the folder and its disk, then run it again.`,
})

describe('spending when storage refuses the count', () => {
  it('does not send a bulk check whose count cannot be written, and does not count it', async () => {
    const spending = await openSpending(folder)
    await spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    const unblock = blockReplacing(join(folder, 'bulk-allowances.json'))
    const onWire: string[] = []
    await expect(spending.send(bulk, sent(onWire))).rejects.toMatchObject(notSent())
    await expect(
      spending.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 2 }),
    ).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
      message: expect.stringContaining('so this change was not saved.') as string,
    })
    expect(onWire).toEqual([])
    expect(readdirSync(folder)).toEqual(['bulk-allowances.json'])

    unblock()
    await spending.send(bulk, sent(onWire))
    expect(onWire).toHaveLength(1)
  })

  it('does not send a scheduled check whose count cannot be written', async () => {
    const spending = await openSpending(folder)
    await spending.set({ optedIn: true, cap: 5 })
    blockReplacing(join(folder, 'scheduled-allowance.json'))
    const onWire: string[] = []
    await expect(spending.send(watch, sent(onWire))).rejects.toMatchObject(notSent())
    await expect(spending.set({ optedIn: true, cap: 9 })).rejects.toMatchObject({
      name: bridgeErrorNames.storage,
    })
    expect(onWire).toEqual([])
    expect(spending.view()).toMatchObject({ optedIn: true, cap: 5, used: 0 })
  })

  it('opened read-only, shows what is on disk and refuses every count and change with the refusal', async () => {
    const before = await openSpending(folder)
    await before.set({ optedIn: true, cap: 5 })
    await before.allowJob({ jobId: 'job-1', purpose: 'bulk', environment: 'production', cap: 1 })
    const onDisk = readFileSync(join(folder, 'bulk-allowances.json'), 'utf8')
    const refusal = new ServiceError(bridgeErrorNames.storage, 'Started read-only.', {
      mayHaveReachedService: false,
    })

    const spending = await openSpending(folder, { readOnly: refusal })
    expect(spending.view()).toMatchObject({ optedIn: true, cap: 5 })
    const onWire: string[] = []
    await expect(spending.send(bulk, sent(onWire))).rejects.toBe(refusal)
    await expect(spending.send(watch, sent(onWire))).rejects.toBe(refusal)
    await expect(spending.set({ optedIn: false })).rejects.toBe(refusal)
    expect(onWire).toEqual([])
    expect(readFileSync(join(folder, 'bulk-allowances.json'), 'utf8')).toBe(onDisk)
  })
})
