import { strFromU8, strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { entryContent, UnreadableZipError, zipEntries } from './zipEntries'

const rows = '{"localId":"a"}\n'.repeat(1000)
const zip = () =>
  zipSync({ 'rows.ndjson': strToU8(rows), 'stored.json': [strToU8('{}'), { level: 0 }] })
/** The file as a page holds one it was given: read in slices, never whole. */
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>])
const entriesOf = (bytes: Uint8Array) => zipEntries(blob(bytes), 1024 ** 2)

/** Where the central directory records `name`: its fields are at fixed offsets from there. */
const directoryRecordOf = (file: Uint8Array, name: string): number =>
  Buffer.from(file).lastIndexOf(name) - 46

/**
 * Changes a field of the first entry in its local header and its central record alike (`local`
 * and `central` are the field's offsets in each), as a ZIP damaged consistently would be.
 */
const patchFirstEntry = (
  file: Uint8Array,
  [local, central]: [number, number],
  set: (view: DataView, at: number) => void,
): void => {
  const view = new DataView(file.buffer)
  set(view, local)
  set(view, directoryRecordOf(file, 'rows.ndjson') + central)
}

describe('a ZIP read one entry at a time', () => {
  it('lists the entries and gives each one’s bytes, deflated or stored', async () => {
    const file = zip()
    const entries = await entriesOf(file)
    expect([...entries.keys()]).toEqual(['rows.ndjson', 'stored.json'])
    const content = (name: string) => entryContent(blob(file), entries.get(name)!)
    expect(strFromU8((await content('rows.ndjson')).bytes)).toBe(rows)
    expect(strFromU8((await content('stored.json')).bytes)).toBe('{}')
  })

  it('stops inflating an entry past the size its directory declares', async () => {
    const file = zip()
    patchFirstEntry(file, [22, 24], (view, at) => view.setUint32(at, 100, true))
    const entry = (await entriesOf(file)).get('rows.ndjson')!
    await expect(entryContent(blob(file), entry)).rejects.toThrow(
      new UnreadableZipError('rows.ndjson inflates to more than its directory declares'),
    )
  })

  it('refuses a compression it does not read, a cut-short file and one that is no ZIP', async () => {
    const file = zip()
    patchFirstEntry(file, [8, 10], (view, at) => view.setUint16(at, 12, true))
    await expect(
      entryContent(blob(file), (await entriesOf(file)).get('rows.ndjson')!),
    ).rejects.toThrow('rows.ndjson is compressed in a way this app does not read')
    await expect(entriesOf(zip().slice(0, -30))).rejects.toThrow(
      'no end-of-central-directory record',
    )
    await expect(entriesOf(strToU8('not a zip'))).rejects.toThrow(UnreadableZipError)
  })

  it('refuses an entry whose bytes are not the ones its checksum was written for', async () => {
    const file = zip()
    const at = Buffer.from(file).indexOf('{}')
    file[at] = '['.charCodeAt(0)
    file[at + 1] = ']'.charCodeAt(0)
    await expect(
      entryContent(blob(file), (await entriesOf(file)).get('stored.json')!),
    ).rejects.toThrow(
      new UnreadableZipError('stored.json does not match the checksum the ZIP holds for it'),
    )
  })

  it('reads the file only where its records and the entry asked for are, never whole', async () => {
    const large = new Uint8Array(4 * 1024 * 1024).map((_, index) => (index * 7919) % 251)
    const file = blob(
      zipSync({ 'large.bin': [large, { level: 0 }], 'small.json': [strToU8('{}'), { level: 0 }] }),
    )
    let read = 0
    const slice = file.slice.bind(file)
    file.slice = (start = 0, end = file.size) => {
      read += end - start
      return slice(start, end)
    }
    const entries = await zipEntries(file, 1024 ** 2)
    expect(strFromU8((await entryContent(file, entries.get('small.json')!)).bytes)).toBe('{}')
    expect(read).toBeLessThan(256 * 1024)
  })
})
