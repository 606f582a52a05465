import { describe, expect, it } from 'vitest'
import { escapeForDisplay } from './escapeForDisplay'

describe('escapeForDisplay', () => {
  it('shows an ANSI sequence as text instead of letting a terminal obey it', () => {
    expect(escapeForDisplay('\x1b[32mOK\x1b[0m')).toBe('\\u{1b}[32mOK\\u{1b}[0m')
  })

  it('escapes every C0 control, DEL and every C1 control', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
    ]
    for (const code of controls) {
      expect(escapeForDisplay(`a${String.fromCodePoint(code)}b`)).toBe(
        `a\\u{${code.toString(16)}}b`,
      )
    }
  })

  it('escapes the bidi embeddings, overrides and isolates, and the line and paragraph separators', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(escapeForDisplay(String.fromCodePoint(code))).toBe(`\\u{${code.toString(16)}}`)
    }
    expect(escapeForDisplay('evil\u202Efdp.exe')).toBe('evil\\u{202e}fdp.exe')
    expect(escapeForDisplay('one\u2028two\u2029')).toBe('one\\u{2028}two\\u{2029}')
  })

  it('escapes the invisible characters that make two names reading alike differ, and the bidi marks', () => {
    const invisible = [0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0xfeff]
    for (const code of invisible) {
      expect(escapeForDisplay(`Ana${String.fromCodePoint(code)}`)).toBe(
        `Ana\\u{${code.toString(16)}}`,
      )
    }
  })

  it('keeps everything else as it is: accents, other scripts, emoji, spaces, backslashes', () => {
    const text = 'Café Ålesund — 東京 😀 \u00a0 a\\b "q" <b>'
    expect(escapeForDisplay(text)).toBe(text)
    expect(escapeForDisplay('')).toBe('')
  })
})
