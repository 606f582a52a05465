import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { blockReplacing, refusingFs } from '../../../test-support/refusingStorage'
import { moveIntoPlace, replaceFile } from './atomicFile'

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cd-atomic-'))
})

describe('replacing a file', () => {
  it('puts the new bytes in place, private to its owner, and nothing beside it', async () => {
    const path = join(folder, 'state.json')
    writeFileSync(path, 'before')
    await replaceFile(path, 'after')
    expect(readFileSync(path, 'utf8')).toBe('after')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(folder)).toEqual(['state.json'])
  })

  it('fails where the folder is not a folder, leaving nothing', async () => {
    const notAFolder = join(folder, 'file')
    writeFileSync(notAFolder, 'a file')
    await expect(replaceFile(join(notAFolder, 'state.json'), 'x')).rejects.toMatchObject({
      code: 'ENOTDIR',
    })
    expect(readdirSync(folder)).toEqual(['file'])
  })

  it('leaves no temporary file when the rename into place fails', async () => {
    const path = join(folder, 'state.json')
    blockReplacing(path)
    await expect(replaceFile(path, 'x')).rejects.toMatchObject({ code: 'EISDIR' })
    expect(readdirSync(folder)).toEqual(['state.json'])
    expect(readdirSync(path)).toEqual(['kept'])
  })

  it('leaves the old file whole and no temporary file when the disk is full mid-write', async () => {
    const path = join(folder, 'state.json')
    writeFileSync(path, 'before')
    const fs = refusingFs({ writes: 'ENOSPC' })
    await expect(replaceFile(path, 'after', { fs })).rejects.toMatchObject({ code: 'ENOSPC' })
    expect(readFileSync(path, 'utf8')).toBe('before')
    expect(readdirSync(folder)).toEqual(['state.json'])
  })
})

describe('moving a finished file into place', () => {
  it('takes the place of the file there, and the finished one is gone', async () => {
    const finished = join(folder, 'bundle.zip.partial')
    writeFileSync(finished, 'bundle')
    await moveIntoPlace(finished, join(folder, 'bundle.zip'))
    expect(readdirSync(folder)).toEqual(['bundle.zip'])
    expect(readFileSync(join(folder, 'bundle.zip'), 'utf8')).toBe('bundle')
  })

  it('removes the finished file when it cannot take the place', async () => {
    const finished = join(folder, 'bundle.zip.partial')
    writeFileSync(finished, 'bundle')
    blockReplacing(join(folder, 'bundle.zip'))
    await expect(moveIntoPlace(finished, join(folder, 'bundle.zip'))).rejects.toMatchObject({
      code: 'EISDIR',
    })
    expect(readdirSync(folder)).toEqual(['bundle.zip'])
  })
})
