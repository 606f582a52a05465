import { afterEach, describe, expect, it } from 'vitest'
import type { SandboxOptions } from '../../sandbox/sandboxServer'
import {
  startMainSideOnSandbox,
  useSandboxProduction,
  type MainSideOnSandbox,
} from '../../test-support/mainSideOnSandbox'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
let app: MainSideOnSandbox | undefined

afterEach(async () => {
  await app?.stop()
  app = undefined
})

/** The main side with Production pointed at the sandbox's production workspace, with its key. */
async function withProduction(options: SandboxOptions = {}): Promise<MainSideOnSandbox> {
  app = await startMainSideOnSandbox(options)
  await useSandboxProduction(app)
  return app
}

const check = (on: MainSideOnSandbox, purpose: 'watch' | 'rescreen' | 'bulk', jobId?: string) =>
  on.call('crypto.search', {
    requestId: crypto.randomUUID(),
    environment: 'production',
    purpose,
    ...(jobId ? { jobId } : {}),
    pace: 'background',
    query: sanctioned,
    isSubjectConsent: true,
    type: 'all',
  })

const productionChecks = (on: MainSideOnSandbox) =>
  on.sandbox.requests.filter((request) => request.environment === 'production')

const allowance = async (on: MainSideOnSandbox) =>
  ((await on.call('spending.scheduledAllowance', {})) as { data: unknown }).data

describe('scheduled re-screens in Production over the bridge', () => {
  it('refuses a watch check before the service hears of it until the user opts in, sends it under the cap, and refuses the one over it', async () => {
    const on = await withProduction()
    expect(await check(on, 'watch')).toMatchObject({
      ok: false,
      error: { name: 'NotOptedInError', mayHaveReachedService: false },
    })
    expect(productionChecks(on)).toHaveLength(0)

    expect(
      await on.call('spending.setScheduledAllowance', { optedIn: true, cap: 1 }),
    ).toMatchObject({ ok: true, data: { optedIn: true, cap: 1, used: 0 } })
    expect(await check(on, 'watch')).toMatchObject({
      ok: true,
      data: { environment: 'production', check: { status: 'review_required' } },
    })
    expect(productionChecks(on)).toHaveLength(1)
    expect(await allowance(on)).toMatchObject({ optedIn: true, cap: 1, used: 1 })

    expect(await check(on, 'watch')).toMatchObject({
      ok: false,
      error: { name: 'BudgetReachedError', mayHaveReachedService: false },
    })
    expect(productionChecks(on)).toHaveLength(1)
    // A re-screen a person started goes within the cap they confirmed, not the watches' budget.
    const rescreenId = crypto.randomUUID()
    await on.call('spending.allowJob', {
      jobId: rescreenId,
      purpose: 'rescreen',
      environment: 'production',
      cap: 1,
    })
    expect(await check(on, 'rescreen', rescreenId)).toMatchObject({ ok: true })
    expect(productionChecks(on)).toHaveLength(2)
    expect(await allowance(on)).toMatchObject({ used: 1 })
  })

  it('does not count a check the service refused without acting on it', async () => {
    const on = await withProduction({ productionBalance: 0 })
    await on.call('spending.setScheduledAllowance', { optedIn: true, cap: 5 })
    expect(await check(on, 'watch')).toMatchObject({
      ok: false,
      error: { name: 'PaymentRequiredError', status: 402, mayHaveReachedService: false },
    })
    expect(productionChecks(on)).toHaveLength(1)
    expect(await allowance(on)).toMatchObject({ used: 0 })
  })

  it('refuses a cap that is not a sensible number of checks, saying why', async () => {
    const on = await withProduction()
    for (const [cap, why] of [
      [0, 'cap: must be at least 1 check'],
      [2.5, 'cap: must be a whole number of checks'],
      [10_001, 'cap: must be at most 10,000 checks a month'],
    ] as const) {
      expect(await on.call('spending.setScheduledAllowance', { optedIn: true, cap })).toMatchObject(
        {
          ok: false,
          error: { name: 'ValidationError', message: expect.stringContaining(why) as string },
        },
      )
    }
    expect(await on.call('spending.setScheduledAllowance', { optedIn: true })).toMatchObject({
      ok: false,
      error: { name: 'ValidationError' },
    })
    expect(await allowance(on)).toMatchObject({ optedIn: false, cap: null })
  })
})

describe('a billed bulk job in Production over the bridge', () => {
  const jobId = crypto.randomUUID()
  const refused = (name: string) => ({ ok: false, error: { name, mayHaveReachedService: false } })

  it('sends nothing for a job that names none or was not confirmed, and exactly its cap once it was', async () => {
    const on = await withProduction()
    expect(await check(on, 'bulk')).toMatchObject(refused('ValidationError'))
    expect(await check(on, 'bulk', jobId)).toMatchObject(refused('NotOptedInError'))
    expect(productionChecks(on)).toHaveLength(0)

    expect(
      await on.call('spending.allowJob', {
        jobId,
        purpose: 'bulk',
        environment: 'production',
        cap: 2,
      }),
    ).toMatchObject({ ok: true, data: { jobId, cap: 2, used: 0 } })
    const sentAtOnce = await Promise.all([1, 2, 3].map(() => check(on, 'bulk', jobId)))
    expect(sentAtOnce.filter((reply) => reply.ok)).toHaveLength(2)
    expect(sentAtOnce.filter((reply) => !reply.ok)).toMatchObject([refused('BudgetReachedError')])
    expect(productionChecks(on)).toHaveLength(2)

    expect(
      await on.call('spending.allowJob', {
        jobId,
        purpose: 'bulk',
        environment: 'production',
        cap: 3,
      }),
    ).toMatchObject({ ok: true, data: { cap: 3, used: 2 } })
    expect(await check(on, 'bulk', jobId)).toMatchObject({ ok: true })
    expect(await check(on, 'bulk', jobId)).toMatchObject(refused('BudgetReachedError'))
    expect(productionChecks(on)).toHaveLength(3)
  })

  it('refuses a cap that is not a sensible number of checks, saying why', async () => {
    const on = await withProduction()
    for (const [change, why] of [
      [{ jobId, cap: 0 }, 'cap: must be at least 1 check'],
      [{ jobId, cap: 100_001 }, 'cap: must be at most 100,000 checks'],
      [{ jobId: '', cap: 5 }, 'jobId: must not be empty'],
    ] as const) {
      expect(
        await on.call('spending.allowJob', {
          ...change,
          purpose: 'bulk',
          environment: 'production',
        }),
      ).toMatchObject({
        ok: false,
        error: { name: 'ValidationError', message: expect.stringContaining(why) as string },
      })
    }
    expect(await check(on, 'bulk', jobId)).toMatchObject(refused('NotOptedInError'))
  })
})

describe('a re-screen a person started in Production over the bridge', () => {
  const rescreenId = crypto.randomUUID()
  const refused = (name: string) => ({ ok: false, error: { name, mayHaveReachedService: false } })

  it('sends nothing until its cap is confirmed, then exactly its cap, and the rest once it is raised', async () => {
    const on = await withProduction()
    expect(await check(on, 'rescreen')).toMatchObject(refused('ValidationError'))
    expect(await check(on, 'rescreen', rescreenId)).toMatchObject(refused('NotOptedInError'))
    expect(productionChecks(on)).toHaveLength(0)

    // Three billed wallets, a cap of two.
    expect(
      await on.call('spending.allowJob', {
        jobId: rescreenId,
        purpose: 'rescreen',
        environment: 'production',
        cap: 2,
      }),
    ).toMatchObject({ ok: true, data: { jobId: rescreenId, cap: 2, used: 0 } })
    const replies = []
    for (let wallet = 0; wallet < 3; wallet += 1)
      replies.push(await check(on, 'rescreen', rescreenId))
    expect(replies.map((reply) => reply.ok)).toEqual([true, true, false])
    expect(replies[2]).toMatchObject({
      ...refused('BudgetReachedError'),
      error: {
        message: expect.stringContaining('this re-screen has sent its budget cap') as string,
      },
    })
    expect(productionChecks(on)).toHaveLength(2)

    await on.call('spending.allowJob', {
      jobId: rescreenId,
      purpose: 'rescreen',
      environment: 'production',
      cap: 3,
    })
    expect(await check(on, 'rescreen', rescreenId)).toMatchObject({ ok: true })
    expect(productionChecks(on)).toHaveLength(3)
  })
})
