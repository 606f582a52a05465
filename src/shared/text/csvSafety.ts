import { isMisleading } from './escapeForDisplay'

/**
 * What a spreadsheet reads as the start of a formula (OWASP's CSV injection list: `=`, `+`, `-`,
 * `@`, tab, carriage return), and the single quote itself, so that a value which really begins
 * with one is told apart from one we prefixed and reads back as it was.
 */
const guardedFirst = new Set(['=', '+', '-', '@', '\t', '\r', "'"])

/**
 * A value as a cell of a CSV file we write, safe to open in a spreadsheet: every control, DEL,
 * C1, bidi and line-separator character becomes a visible `\u{hex}` escape (a backslash becomes
 * `\\`, so escapes read back unambiguously), and a value beginning with a formula character is
 * prefixed with a single quote, as OWASP recommends. The writer must also quote every cell
 * (Papa.unparse's `quotes: true`): that keeps the quote prefix and any `,` or `"` inside.
 */
export function neutraliseCsvCell(value: string): string {
  let escaped = ''
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0
    if (character === '\\') escaped += '\\\\'
    else if (isMisleading(code)) escaped += `\\u{${code.toString(16)}}`
    else escaped += character
  }
  return guardedFirst.has(value.charAt(0)) ? `'${escaped}` : escaped
}

const escape = /\\(?:\\|u\{([0-9a-f]{1,6})\})/gy

/**
 * The value a cell written by neutraliseCsvCell stood for. Throws when the cell is not one it
 * writes (a lone backslash, an unknown escape, an escape of a character it would not escape, or
 * a formula character without the quote prefix), so a reader can say the file was changed.
 */
export function readNeutralisedCsvCell(cell: string): string {
  const prefixed = cell.startsWith("'")
  const body = prefixed ? cell.slice(1) : cell
  let value = ''
  let index = 0
  while (index < body.length) {
    const backslash = body.indexOf('\\', index)
    if (backslash < 0) {
      value += body.slice(index)
      break
    }
    value += body.slice(index, backslash)
    escape.lastIndex = backslash
    const match = escape.exec(body)
    const code = match?.[1] === undefined ? 0x5c : Number.parseInt(match[1], 16)
    if (!match || code > 0x10ffff) {
      throw new Error(`the cell has a backslash at ${backslash + 1} that is no escape`)
    }
    value += String.fromCodePoint(code)
    index = escape.lastIndex
  }
  // Only the one writing of each value is accepted, so a cell edited into a live formula (or an
  // escape of a harmless character) is not read as if we had written it.
  if (neutraliseCsvCell(value) !== cell) {
    throw new Error('the cell is not written as Compliance Desk writes a safe CSV cell')
  }
  return value
}
