import { deflateSync, strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  entryOffsets,
  forged,
  minimalBundleEntries,
  withDeclaredSize,
  withoutCentralRecord,
  zipOf,
} from '../../test-support/bundleZipFixtures'
import { bundleZipLimits, readBundleZip } from './bundleZip'
import { verifyBundle } from './verifyBundle'

const gib = 1024 * 1024 * 1024
const problemsOf = (zip: Uint8Array) =>
  readBundleZip(zip).problems.map(({ kind, path, detail }) => ({ kind, path, detail }))

describe('reading a bundle ZIP', () => {
  it('sees every entry, whatever its name, with its exact bytes', () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a\x1b[31mb', 'é.txt']
    const read = readBundleZip(zipOf(names.map((name) => [name, strToU8(`content of ${name}`)])))
    expect(read.problems).toEqual([])
    expect([...read.files!.keys()]).toEqual(names)
    for (const name of names) {
      expect(new TextDecoder().decode(read.files!.get(name))).toBe(`content of ${name}`)
    }
  })

  it('reads an entry whose compressed bytes take several pushes, byte for byte', () => {
    let state = 0x2545f491
    const noise = Uint8Array.from({ length: 200_000 }, () => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return state & 0xff
    })
    const zip = zipOf([['noise.bin', noise]])
    expect(zip.length).toBeGreaterThan(150_000)
    const read = readBundleZip(zip)
    expect(read.problems).toEqual([])
    expect(read.files!.get('noise.bin')).toEqual(noise)
  })

  it('reads a stored entry whole even when its bytes hold ZIP signatures', () => {
    const content = strToU8('before PK\x07\x08 PK\x03\x04 PK\x01\x02 PK\x05\x06 after')
    const read = readBundleZip(zipOf([['signatures.bin', content]], { stored: true }))
    expect(read.problems).toEqual([])
    expect(read.files!.get('signatures.bin')).toEqual(content)
  })

  it('skips directory entries and refuses a second entry of the same name', () => {
    const read = readBundleZip(
      zipOf([
        ['checks/', new Uint8Array()],
        ['a.txt', strToU8('first')],
        ['a.txt', strToU8('second')],
      ]),
    )
    expect([...read.files!.keys()]).toEqual(['a.txt'])
    expect(new TextDecoder().decode(read.files!.get('a.txt'))).toBe('first')
    expect(read.problems).toEqual([
      { kind: 'refused', path: 'a.txt', detail: 'appears more than once' },
    ])
  })

  it('knows ./name as name: a second copy under another spelling is refused, not kept beside it', () => {
    const read = readBundleZip(
      zipOf([
        ['decisions.json', strToU8('first')],
        ['./decisions.json', strToU8('shadow')],
        ['checks//0001/check.json', strToU8('{}')],
      ]),
    )
    expect([...read.files!.keys()]).toEqual(['decisions.json', 'checks/0001/check.json'])
    expect(new TextDecoder().decode(read.files!.get('decisions.json'))).toBe('first')
    expect(read.problems).toEqual([
      {
        kind: 'refused',
        path: './decisions.json',
        detail: 'is a second copy of decisions.json',
      },
    ])
  })

  it('says plainly when the bytes are not a ZIP at all', () => {
    expect(readBundleZip(strToU8('not a zip'))).toEqual({
      files: null,
      problems: [
        {
          kind: 'unreadable',
          detail: 'not a readable ZIP file (no end-of-central-directory record)',
        },
      ],
    })
  })
})

describe('a bundle that declares more than it may hold', () => {
  it('refuses, quickly and unread, an entry whose central directory declares 1 GiB', () => {
    const zip = withDeclaredSize(
      zipSync({ 'small.txt': strToU8('kept'), 'big.bin': new Uint8Array(1024) }),
      'big.bin',
      gib,
    )
    const started = performance.now()
    const read = readBundleZip(zip)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(read.problems).toEqual([
      {
        kind: 'refused',
        path: 'big.bin',
        detail:
          'declares 1.0 GiB uncompressed, more than the 256 MiB a bundle may hold: refused unread',
      },
    ])
    expect([...read.files!.keys()]).toEqual(['small.txt'])
  })

  it('refuses the whole bundle unread when its entries together declare more than the cap', () => {
    let zip: Uint8Array = zipSync({ 'a.bin': new Uint8Array(10), 'b.bin': new Uint8Array(10) })
    for (const name of ['a.bin', 'b.bin']) zip = withDeclaredSize(zip, name, 200 * 1024 * 1024)
    expect(readBundleZip(zip)).toEqual({
      files: null,
      problems: [
        {
          kind: 'refused',
          detail:
            'its entries declare 400 MiB uncompressed in all, more than the 256 MiB a bundle may hold: refused unread',
        },
      ],
    })
  })

  it('stops inflating an entry that holds more than it declares', () => {
    const bomb = new Uint8Array(8 * 1024 * 1024)
    const zip = withDeclaredSize(zipSync({ 'bomb.bin': bomb }, { level: 9 }), 'bomb.bin', 1000)
    expect(zip.length).toBeLessThan(32 * 1024)
    const read = readBundleZip(zip)
    expect(read.files!.has('bomb.bin')).toBe(false)
    expect(problemsOf(zip)).toEqual([
      {
        kind: 'refused',
        path: 'bomb.bin',
        detail:
          'inflates to more than the 1000 bytes its central directory declares: stopped and refused',
      },
    ])
  })

  it('refuses the whole bundle once its entries inflate to more than the cap, whatever they declare', () => {
    const deflated = deflateSync(new Uint8Array(16 * 1024 * 1024), { level: 9 })
    const liars = Array.from({ length: 20 }, (_, index) => ({
      name: `liar-${index}.bin`,
      deflated,
      declaredSize: 10,
    }))
    const read = readBundleZip(zipOf(liars))
    expect(read.files).toBeNull()
    expect(read.problems.at(-1)).toEqual({
      kind: 'refused',
      detail:
        'its entries inflate to more than the 256 MiB a bundle may hold, whatever they declare: reading stopped and the bundle refused',
    })
    expect(read.problems.length).toBeLessThan(liars.length + 1)
  })

  it('refuses an entry that inflates to less than it declares', () => {
    const zip = withDeclaredSize(zipSync({ 'short.bin': new Uint8Array(2048) }), 'short.bin', 4096)
    expect(problemsOf(zip)).toEqual([
      {
        kind: 'refused',
        path: 'short.bin',
        detail: 'inflates to 2.0 KiB, not the 4.0 KiB its central directory declares: refused',
      },
    ])
  })

  it(`refuses a bundle of more than ${bundleZipLimits.maxEntries} entries before reading any`, () => {
    const many = Object.fromEntries(
      Array.from({ length: bundleZipLimits.maxEntries + 1 }, (_, index) => [
        `e${index}`,
        new Uint8Array(),
      ]),
    )
    expect(readBundleZip(zipSync(many, { level: 0 }))).toEqual({
      files: null,
      problems: [
        {
          kind: 'refused',
          detail:
            'the bundle declares 50,001 entries, more than the 50,000 a bundle may hold: refused unread',
        },
      ],
    })
  })
})

describe('local headers and the central directory', () => {
  const twoFiles = () => zipSync({ 'a.txt': strToU8('first'), 'b.txt': strToU8('second') })

  it('refuses an entry whose local header carries another name', () => {
    const zip = twoFiles()
    const renamed = forged(zip, (_view, copy) =>
      copy.set(strToU8('c'), entryOffsets(zip, 'b.txt').central + 46),
    )
    const read = readBundleZip(renamed)
    expect(read.problems).toEqual([
      {
        kind: 'refused',
        path: 'c.txt',
        detail: 'its local header names it "b.txt": refused unread',
      },
    ])
    expect([...read.files!.keys()]).toEqual(['a.txt'])
  })

  it('refuses a local entry the central directory does not list', () => {
    const read = readBundleZip(withoutCentralRecord(twoFiles(), 'b.txt'))
    expect(read.problems).toEqual([
      {
        kind: 'refused',
        path: 'b.txt',
        detail: 'has a local header no central directory entry leads to: refused unread',
      },
    ])
    expect([...read.files!.keys()]).toEqual(['a.txt'])
  })

  it('refuses central entries that point at a local header not their own', () => {
    const zip = twoFiles()
    const misdirected = forged(zip, (view) =>
      view.setUint32(
        entryOffsets(zip, 'b.txt').central + 42,
        entryOffsets(zip, 'a.txt').local,
        true,
      ),
    )
    expect(problemsOf(misdirected)).toEqual([
      {
        kind: 'refused',
        path: 'b.txt',
        detail: 'its local header names it "a.txt": refused unread',
      },
      {
        kind: 'refused',
        path: 'b.txt',
        detail: 'has a local header no central directory entry leads to: refused unread',
      },
      {
        kind: 'refused',
        path: 'a.txt',
        detail:
          'is in the central directory but no local header of its own leads to it: refused unread',
      },
    ])
  })
})

describe('verifying a bundle whatever its entry names', () => {
  it('passes the small bundle these tests start from', () => {
    const result = verifyBundle(zipOf(minimalBundleEntries()))
    expect(result.problems).toEqual([])
    expect(result.ok).toBe(true)
  })

  it('fails a bundle with an added __proto__ entry and names it as added', () => {
    const result = verifyBundle(
      zipOf([...minimalBundleEntries(), ['__proto__', strToU8('{"smuggled":true}')]]),
    )
    expect(result.ok).toBe(false)
    expect(result.problems).toEqual([
      {
        kind: 'added',
        path: '__proto__',
        detail: 'is in the bundle but not listed in the manifest',
      },
    ])
  })
})
