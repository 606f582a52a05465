import { afterEach, describe, expect, it } from 'vitest'
import { apiPaths, rootedPath } from '../shared/api/apiPaths'
import { randomEvmAddresses, screenInBulk } from '../test-support/bulkScreening'
import { startMainSideOnSandbox, type MainSideOnSandbox } from '../test-support/mainSideOnSandbox'

let app: MainSideOnSandbox | undefined

afterEach(async () => {
  await app?.stop()
  app = undefined
})

const limit = 20
const addresses = 70
const inFlight = 8

describe('queued work at the pace of a service limited to 20 requests a second', () => {
  it('sends every address exactly once through the handlers, with few 429s on the way', async () => {
    app = await startMainSideOnSandbox({ rateLimitPerSecond: limit })
    const { call, sandbox } = app
    const queries = randomEvmAddresses(addresses)
    const replies = await screenInBulk(call, queries, inFlight)

    expect(replies.filter(({ reply }) => !reply.ok)).toEqual([])
    const searches = sandbox.requests.filter(
      (request) => request.path === rootedPath(apiPaths.cryptoSearch),
    )
    const answered = searches.filter((request) => request.status === 200)
    expect(answered).toHaveLength(addresses)
    expect(new Set(answered.map((request) => request.subject))).toEqual(new Set(queries))
    // Finding the limit costs a 429 or two (and those already on their way); then none.
    const limited = searches.filter((request) => request.status === 429)
    expect(limited.length / searches.length).toBeLessThan(0.08)
  }, 20_000)
})
