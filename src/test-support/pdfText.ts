import { inflateSync } from 'node:zlib'

/**
 * The text of a PDF as Chromium prints one, read well enough to find a phrase: every compressed
 * stream is inflated, each ToUnicode map read, and the glyphs shown in each content stream (in
 * the order drawn) decoded with each map. Only for tests: a phrase drawn in one font in one go,
 * such as a page's footer, reads whole with that font's map.
 */
export function pdfTexts(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1')
  const streams: string[] = []
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    const end = text.indexOf('endstream', start)
    try {
      streams.push(inflateSync(Buffer.from(text.slice(start, end), 'latin1')).toString('latin1'))
    } catch {
      // Not a compressed stream (an image, a font program): nothing to read in it.
    }
  }
  const maps = streams.filter((stream) => stream.includes('begincmap')).map(unicodeMapOf)
  return streams
    .filter((stream) => /T[jJ]/.test(stream))
    .flatMap((stream) => {
      const glyphs = [...stream.matchAll(/<([0-9A-Fa-f]+)>/g)].flatMap(
        ([, hex]) => hex?.match(/.{4}/g) ?? [],
      )
      return maps.map((map) =>
        glyphs.map((glyph) => map.get(glyph.toUpperCase()) ?? '\uFFFD').join(''),
      )
    })
}

const hexChar = (hex: string): string => String.fromCodePoint(parseInt(hex, 16))

function unicodeMapOf(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, unicode] of (block ?? '').matchAll(/<([0-9A-F]+)>\s*<([0-9A-F]+)>/gi)) {
      map.set((glyph ?? '').toUpperCase(), hexChar(unicode ?? ''))
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, unicode] of (block ?? '').matchAll(
      /<([0-9A-F]+)>\s*<([0-9A-F]+)>\s*<([0-9A-F]+)>/gi,
    )) {
      const first = parseInt(from ?? '0', 16)
      for (let glyph = first; glyph <= parseInt(to ?? '0', 16); glyph += 1) {
        const code = parseInt(unicode ?? '0', 16) + glyph - first
        map.set(glyph.toString(16).toUpperCase().padStart(4, '0'), String.fromCodePoint(code))
      }
    }
  }
  return map
}
