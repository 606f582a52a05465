import { describe, expect, it } from 'vitest'
import { pacedReads } from './pacedReads'

/** A promise and the function that settles it: the test decides when a read or a wait ends. */
const deferred = () => {
  let resolve = (): void => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

/** Lets every promise already settled run its continuations. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('reads paced to a storm of changes', () => {
  it('reads a lone change at once, answers the changes during a read and its spacing with one read after, and reads nothing once stopped', async () => {
    const reads: Array<ReturnType<typeof deferred>> = []
    const waits: Array<{ ms: number } & ReturnType<typeof deferred>> = []
    const paced = pacedReads(
      () => {
        reads.push(deferred())
        return reads.at(-1)!.promise
      },
      {
        spacingMs: 250,
        wait: (ms) => {
          waits.push({ ms, ...deferred() })
          return waits.at(-1)!.promise
        },
      },
    )

    paced.ask()
    expect(reads).toHaveLength(1)
    // A hundred changes while the first read runs and during the spacing after it.
    for (let change = 0; change < 50; change += 1) paced.ask()
    reads[0]!.resolve()
    await settled()
    expect(waits.map((wait) => wait.ms)).toEqual([250])
    for (let change = 0; change < 50; change += 1) paced.ask()
    expect(reads).toHaveLength(1)
    waits[0]!.resolve()
    await settled()
    expect(reads).toHaveLength(2)

    // Nothing changed since: after its spacing the second read is the last.
    reads[1]!.resolve()
    await settled()
    waits[1]!.resolve()
    await settled()
    expect(reads).toHaveLength(2)

    // Quiet again: the next change is read at once.
    paced.ask()
    expect(reads).toHaveLength(3)
    paced.stop()
    paced.ask()
    reads[2]!.resolve()
    await settled()
    waits[2]?.resolve()
    await settled()
    expect(reads).toHaveLength(3)
  })
})
