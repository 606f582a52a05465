import { describe, expect, it } from 'vitest'
import { onlyGoodNews } from './restoredOutcome'

describe('a restore’s notice closes by itself', () => {
  it('when it only says the restore went well', () => {
    expect(onlyGoodNews({ keysToEnter: [], settingsError: null })).toBe(true)
    expect(onlyGoodNews({ keysToEnter: [] })).toBe(true)
  })

  it('never while it asks for keys, or says the settings were not put in place', () => {
    expect(onlyGoodNews({ keysToEnter: ['Production'], settingsError: null })).toBe(false)
    expect(onlyGoodNews({ keysToEnter: [], settingsError: 'The host stopped.' })).toBe(false)
  })
})
