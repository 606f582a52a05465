import { describe, expect, it } from 'vitest'
import { KeptRows } from './keptRows'

interface Row {
  id: string
  hits: string[]
}

const read = (...rows: Array<Row | undefined>) => structuredClone(rows)

describe('KeptRows', () => {
  it('hands back the object read before for a row that did not change, wherever it moved', () => {
    const kept = new KeptRows<Row>((row) => row.id)
    const first = kept.share(read({ id: 'a', hits: [] }, { id: 'b', hits: ['x'] }))
    const second = kept.share(
      read({ id: 'c', hits: [] }, { id: 'a', hits: [] }, { id: 'b', hits: ['x'] }),
    )
    expect(second[1]).toBe(first[0])
    expect(second[2]).toBe(first[1])
    expect(second[0]).toEqual({ id: 'c', hits: [] })
  })

  it('gives a changed row a new object, and forgets rows no longer read', () => {
    const kept = new KeptRows<Row>((row) => row.id)
    const first = kept.share(read({ id: 'a', hits: [] }, { id: 'b', hits: [] }))
    const second = kept.share(read({ id: 'a', hits: ['new'] }))
    expect(second[0]).not.toBe(first[0])
    expect(second[0]).toEqual({ id: 'a', hits: ['new'] })
    const third = kept.share(read({ id: 'b', hits: [] }))
    expect(third[0]).not.toBe(first[1])
  })

  it('keeps a row that is not read yet as undefined', () => {
    const kept = new KeptRows<Row>((row) => row.id)
    expect(kept.share(read(undefined, { id: 'a', hits: [] }))).toEqual([
      undefined,
      { id: 'a', hits: [] },
    ])
  })
})
