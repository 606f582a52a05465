import { describe, expect, it } from 'vitest'
import { entityDisplayName, entityName } from './entityDisplay'

describe('an entity’s name', () => {
  it('is shown with a right-to-left override escaped, so it cannot read as another name, and kept as given', () => {
    const entity = { id: 'ent_1', name: 'Invoice\u202Efdp.exe' }
    expect(entityDisplayName(entity)).toBe('Invoice\\u{202e}fdp.exe')
    expect(entityName(entity)).toBe('Invoice\u202Efdp.exe')
  })

  it('of an individual is the first and last name, escaped alike', () => {
    expect(entityDisplayName({ id: 'ent_2', firstName: 'Ada\u200B', lastName: 'Lovelace' })).toBe(
      'Ada\\u{200b} Lovelace',
    )
  })
})
