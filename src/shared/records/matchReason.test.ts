import { describe, expect, it } from 'vitest'
import { matchReason } from './matchReason'

const wallet = {
  title: ['0x5ca1ab1e00000000000000000000000000000001'],
  entityType: 'CryptoWallet',
  alias: ['Synthetic Politically Exposed Person'],
  publicKey: ['0x5ca1ab1e00000000000000000000000000000001'],
}

describe('matchReason', () => {
  it('names the field that carries the identifier exactly, the public key first', () => {
    expect(matchReason('0x5ca1ab1e00000000000000000000000000000001', wallet)).toEqual({
      kind: 'exact',
      field: 'publicKey',
      sentence: 'Exact match of the address with the record’s publicKey.',
    })
  })

  it('ignores surrounding whitespace of the query', () => {
    expect(matchReason('  0x5ca1ab1e00000000000000000000000000000001 ', wallet).kind).toBe('exact')
  })

  it('says when an EVM address matched only with its letter case ignored', () => {
    const reason = matchReason('0x5CA1AB1E00000000000000000000000000000001', wallet)
    expect(reason.kind).toBe('ignoring-case')
    expect(reason.field).toBe('publicKey')
    expect(reason.sentence).toContain('ignoring letter case')
  })

  it('never ignores letter case for encodings where it matters', () => {
    const record = { publicKey: ['bc1qabc'], title: ['BC1QABC'] }
    expect(matchReason('BC1QABC', record)).toMatchObject({ kind: 'exact', field: 'title' })
    expect(matchReason('Bc1qabc', record).kind).toBe('unexplained')
  })

  it('prefers an exact match in any field over a partial one in the public key', () => {
    const record = { publicKey: ['xxTAddr1yy'], alias: ['TAddr1'] }
    expect(matchReason('TAddr1', record)).toMatchObject({ kind: 'exact', field: 'alias' })
  })

  it('says when a field only contains the address', () => {
    const record = { publicKey: ['addr:TAddr1:memo'] }
    expect(matchReason('TAddr1', record)).toMatchObject({ kind: 'contains', field: 'publicKey' })
  })

  it('says plainly when the record does not show why it matched', () => {
    const reason = matchReason('TAddr1', { title: ['Someone'], balance: [1] })
    expect(reason).toMatchObject({ kind: 'unexplained', field: null })
    expect(reason.sentence).toContain('none of the record’s fields')
  })
})
