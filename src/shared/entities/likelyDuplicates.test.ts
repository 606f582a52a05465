import { describe, expect, it } from 'vitest'
import { likelyDuplicates } from './likelyDuplicates'

const known = [
  {
    id: 'ent_1',
    entityType: 'individual',
    firstName: 'Ana',
    lastName: 'Example',
    email: 'ana@example.org',
  },
  { id: 'ent_2', entityType: 'individual', firstName: 'Ana', lastName: 'Example' },
  { id: 'ent_3', entityType: 'business', name: 'ACME  Ltd', email: 'info@acme.test' },
]

describe('likelyDuplicates', () => {
  it('finds an entity with the same name and e-mail, whatever the letter case and spacing', () => {
    expect(
      likelyDuplicates({ name: ' ana  EXAMPLE', email: 'Ana@Example.org ' }, known).map(
        (e) => e.id,
      ),
    ).toEqual(['ent_1'])
    expect(
      likelyDuplicates({ name: 'Acme Ltd', email: 'info@acme.test' }, known).map((e) => e.id),
    ).toEqual(['ent_3'])
  })

  it('takes two entities without an e-mail and the same name as likely the same', () => {
    expect(likelyDuplicates({ name: 'Ana Example' }, known).map((e) => e.id)).toEqual(['ent_2'])
  })

  it('does not point at a namesake with another e-mail, nor at anything for an empty name', () => {
    expect(likelyDuplicates({ name: 'Ana Example', email: 'other@example.org' }, known)).toEqual([])
    expect(likelyDuplicates({ name: '  ', email: 'ana@example.org' }, known)).toEqual([])
  })
})
