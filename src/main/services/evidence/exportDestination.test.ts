import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseRecord } from '../../../shared/cases/caseSchemas'
import { ServiceError } from '../serviceError'
import { caseNumber } from '../../../shared/cases/caseNumber'
import { bundleFileName, EvidenceExporter } from './evidenceExporter'
import { chosenFileDestination } from './exportDestination'
import { fixtureSigning } from '../../../test-support/evidenceFixtures'
import { blockReplacing } from '../../../test-support/refusingStorage'

const caseRecord: CaseRecord = {
  id: 'case_1',
  title: 'Wallets: ACME / “Ltd”?',
  subject: 'ACME',
  description: '',
  state: 'open',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  checkIds: [],
  entityKeys: [],
}

describe('a file chosen in the save dialog', () => {
  it('is written under .partial and takes its chosen name only when complete', async () => {
    const chosen = join(mkdtempSync(join(tmpdir(), 'cd-chosen-')), 'case.zip')
    const target = await chosenFileDestination(async () => chosen).open('suggested.zip')
    if (!target) throw new Error('expected a target')
    writeFileSync(target.partialPath, 'bundle')
    expect(existsSync(chosen)).toBe(false)
    expect(await target.deliver()).toEqual({ kind: 'saved', path: chosen })
    expect(readFileSync(chosen, 'utf8')).toBe('bundle')
    expect(existsSync(target.partialPath)).toBe(false)
  })

  it('leaves no .partial beside the chosen name when the bundle cannot take it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cd-chosen-'))
    const chosen = join(folder, 'case.zip')
    const target = await chosenFileDestination(async () => chosen).open('suggested.zip')
    if (!target) throw new Error('expected a target')
    writeFileSync(target.partialPath, 'bundle')
    blockReplacing(chosen)
    await expect(target.deliver()).rejects.toMatchObject({ code: 'EISDIR' })
    expect(readdirSync(folder)).toEqual(['case.zip'])
  })

  it('turns a cancelled dialog into a CancelledError, with nothing written', async () => {
    const exporter = new EvidenceExporter(
      chosenFileDestination(async () => null),
      '0.0.0',
      await fixtureSigning(),
    )
    const failure = await exporter.begin(caseRecord).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ServiceError)
    expect(failure).toMatchObject({ name: 'CancelledError' })
  })

  it('removes the partial file of an export that is aborted', async () => {
    const chosen = join(mkdtempSync(join(tmpdir(), 'cd-chosen-')), 'case.zip')
    const exporter = new EvidenceExporter(
      chosenFileDestination(async () => chosen),
      '0.0.0',
      await fixtureSigning(),
    )
    const { exportId } = await exporter.begin(caseRecord)
    await expect.poll(() => existsSync(`${chosen}.partial`)).toBe(true)
    expect(await exporter.abort(exportId)).toEqual({ aborted: true })
    expect(existsSync(`${chosen}.partial`)).toBe(false)
    expect(existsSync(chosen)).toBe(false)
  })
})

describe('a folder that cannot be written', () => {
  it('fails the export with a message that says what to check, and leaves nothing', async () => {
    const missingFolder = join(mkdtempSync(join(tmpdir(), 'cd-chosen-')), 'gone', 'case.zip')
    const exporter = new EvidenceExporter(
      chosenFileDestination(async () => missingFolder),
      '0.0.0',
      await fixtureSigning(),
    )
    const outcome = await exporter
      .begin(caseRecord)
      .then((started) => exporter.finish(started.exportId))
      .catch((error: unknown) => error)
    expect(outcome).toBeInstanceOf(ServiceError)
    expect(outcome).toMatchObject({
      name: 'ExportWriteError',
      message: expect.stringContaining('(ENOENT). Check that the folder exists') as unknown,
    })
    expect(existsSync(missingFolder)).toBe(false)
  })
})

describe('the suggested file name', () => {
  it('starts with the case number, keeps the title readable and drops what a file system could object to', () => {
    expect(bundleFileName(caseRecord, new Date('2026-11-22T10:00:00Z'))).toBe(
      `${caseNumber('case_1')} Wallets ACME Ltd 2026-11-22.zip`,
    )
    expect(caseNumber('case_1')).toMatch(/^CD-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
  })
})
