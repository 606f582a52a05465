import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/browserModeTest'
import { gibibyteBomb, writeBombed } from './support/bombedBackup'

const workDir = mkdtempSync(join(tmpdir(), 'cd-e2e-restore-bounds-'))
const caseTitle = 'Kept through a bombed restore'

/** The genuine backup with its first table entry a bomb (see writeBombed), as a file to choose. */
function bombed(backup: Uint8Array, bomb: Buffer, declared: (genuine: number) => number): string {
  const file = join(workDir, `bombed-${Date.now()}.zip`)
  writeBombed(file, backup, bomb, declared)
  return file
}

test('a backup whose entry inflates to 1 GiB is refused in the restore worker, saying which entry and why, with nothing changed', async ({
  cases,
  settings,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await cases.create(caseTitle, 'Its data must outlive the restore', '')
  await settings.open()
  const genuine = join(workDir, 'genuine.zip')
  await (await settings.backup.backUp()).saveAs(genuine)
  await expect(settings.backup.done).toBeVisible()
  const backup = readFileSync(genuine)
  const bomb = gibibyteBomb()

  // The restore is verified in a worker of its own, started when the first file is chosen.
  const restoreWorker = settings.page.waitForEvent('worker', (worker) =>
    /restoreWorker/.test(worker.url()),
  )
  // The ZIP declares the entry at 1 GiB (backup.json, signed, cannot be changed): refused before
  // a byte of it is inflated.
  await settings.backup.chooseFile(bombed(backup, bomb, () => 1024 ** 3))
  await restoreWorker
  await expect(settings.backup.refused).toContainText(
    /The backup's entry tables\/\w+\/00001\.ndjson is declared as 1,073,741,824 bytes by the ZIP and [\d,]+ by backup\.json: the file was changed or damaged\. Nothing was changed\./,
  )
  await expect(settings.backup.verified).toBeHidden()

  // Declared at its true size everywhere, it inflates to 1 GiB: inflating stops past that size.
  await settings.backup.chooseFile(bombed(backup, bomb, (genuineSize) => genuineSize))
  await expect(settings.backup.refused).toContainText(
    /The backup's entry (tables\/\w+\/00001\.ndjson) is damaged and cannot be read \(\1 inflates to more than its directory declares\)\. Nothing was changed\./,
  )
  await expect(settings.backup.verified).toBeHidden()

  await cases.open()
  await expect(cases.listItems.filter({ hasText: caseTitle })).toHaveCount(1)
  // The genuine backup still restores where the bombs did not: the refusals were the bombs'.
  await settings.open()
  await settings.backup.chooseFile(genuine)
  await expect(settings.backup.verified).toBeVisible()
})
