import { describe, expect, it } from 'vitest'
import { latestRead } from './latestRead'

describe('reading a table again as it changes', () => {
  it('runs one read at a time, and answers changes made meanwhile with one more read', async () => {
    let version = 0
    let rows = 10
    const started: number[] = []
    const finish: Array<() => void> = []
    let onStart = (): void => {}
    const nextStart = () => new Promise<void>((resolve) => (onStart = resolve))
    const count = () =>
      new Promise<number>((resolve) => {
        const counted = rows
        started.push(counted)
        finish.push(() => resolve(counted))
        onStart()
      })
    const countAsOf = latestRead(count, { current: () => version })

    const first = countAsOf(0)
    // A bulk job writes three checks while the first count runs.
    for (let write = 0; write < 3; write += 1) {
      version += 1
      rows += 1
    }
    const later = [countAsOf(1), countAsOf(2), countAsOf(3)]
    const second = nextStart()
    finish.shift()!()
    expect(await first).toBe(10)
    await second
    expect(started).toEqual([10, 13])
    finish.shift()!()
    expect(await Promise.all(later)).toEqual([13, 13, 13])
    // Nothing changed since: no count at all.
    expect(await countAsOf(3)).toBe(13)
    expect(started).toEqual([10, 13])
  })
})
