import { refusedText, type AddressCheck } from './addressCheck'

/**
 * Blanks and invisible format characters (zero-width space, byte-order mark, direction marks) at
 * either end: pasting from a page, a mail or a spreadsheet brings them along, and a person means
 * the identifier without them, so they are dropped rather than refused.
 */
const surrounding = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu
const blank = /\s/u
const invisible = /[\p{Cc}\p{Cf}]/u
const quote = /["'`\u2018\u2019\u201c\u201d]/u
/** What most identifiers are made of: tried with one simple expression before the Unicode ones. */
const lettersAndDigits = /^[0-9A-Za-z]+$/
/** What a spreadsheet reads as the start of a formula. */
const formulaStart = /^[=+\-@]/u

const blankNames: Readonly<Record<string, string>> = {
  ' ': 'a space',
  '\t': 'a tab',
  '\n': 'a line break',
  '\r': 'a line break',
  '\u00a0': 'a non-breaking space',
}

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * Why `text` (already trimmed) can be no wallet identifier, whatever its chain: no format has a
 * blank, an invisible character or a quotation mark inside it, or begins like a formula.
 */
function refusalOf(text: string): string | null {
  const blankChar = blank.exec(text)?.[0]
  if (blankChar !== undefined) {
    const name = blankNames[blankChar] ?? `a blank character (${codePoint(blankChar)})`
    return `It has ${name} inside it, which no wallet identifier has: remove it, or check that the text holds one identifier only.`
  }
  const invisibleChar = invisible.exec(text)?.[0]
  if (invisibleChar !== undefined) {
    return `It has an invisible character (${codePoint(invisibleChar)}) inside it: type the identifier again, or paste it as plain text.`
  }
  const formulaChar = formulaStart.exec(text)?.[0]
  if (formulaChar !== undefined) {
    return `It starts with “${formulaChar}”, as a spreadsheet formula does and no wallet identifier does: paste the identifier itself.`
  }
  const quoteChar = quote.exec(text)?.[0]
  if (quoteChar !== undefined) {
    return `It has a quotation mark (${quoteChar}) in it, which no wallet identifier has: remove it.`
  }
  return null
}

export type IdentifierText = { ok: true; text: string } | { ok: false; check: AddressCheck }

/** What was typed, without what surrounds it, or the refusal of text no identifier can be. */
export function identifierText(input: string): IdentifierText {
  // Letters and digits alone have nothing around them to drop and nothing inside to refuse.
  if (lettersAndDigits.test(input)) return { ok: true, text: input }
  const text = input.replace(surrounding, '')
  if (text === '') {
    return {
      ok: false,
      check: refusedText('', 'The address is empty: enter the wallet identifier to check.'),
    }
  }
  const refusal = refusalOf(text)
  return refusal === null ? { ok: true, text } : { ok: false, check: refusedText(text, refusal) }
}
