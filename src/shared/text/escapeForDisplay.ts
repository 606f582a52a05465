/**
 * Characters that change how the text around them is shown rather than showing themselves: C0
 * and C1 controls and DEL (a terminal obeys ANSI escape sequences, so a file name could paint a
 * false "OK"), the line and paragraph separators, the bidi marks, embeddings, overrides and
 * isolates (which reorder what follows them, so a name can read as another), and the invisible
 * ones (zero-width space and joiners, the word joiner and invisible operators, the byte-order
 * mark), which make two names that read alike differ.
 */
export const isMisleading = (code: number): boolean =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x061c ||
  (code >= 0x200b && code <= 0x200f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2064) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0xfeff

/**
 * Text from outside (a bundle's entry names, its details, a case title) made safe to print or
 * show: each misleading character becomes a visible escape such as `\u{1b}`, all else is kept.
 */
export function escapeForDisplay(text: string): string {
  let shown = ''
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0
    shown += isMisleading(code) ? `\\u{${code.toString(16)}}` : character
  }
  return shown
}
