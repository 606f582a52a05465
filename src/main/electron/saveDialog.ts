import { join } from 'node:path'
import type { BaseWindow, Dialog, SaveDialogOptions } from 'electron'
import type { SavedFileKind } from '../services/evidence/exportDestination'

const wording: Record<SavedFileKind, { title: string; buttonLabel: string; filter: string }> = {
  evidence: {
    title: 'Export case evidence',
    buttonLabel: 'Export',
    filter: 'Evidence bundle (ZIP)',
  },
  backup: {
    title: 'Back up all data',
    buttonLabel: 'Back up',
    filter: 'Compliance Desk backup (ZIP)',
  },
}

/** Asks where to save a bundle or a backup with the native dialog; null when the user cancels. */
export function saveDialogChooser(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  focusedWindow: () => BaseWindow | null,
  defaultFolder: string,
): (suggestedFileName: string, kind?: SavedFileKind) => Promise<string | null> {
  return async (suggestedFileName, kind = 'evidence') => {
    const { title, buttonLabel, filter } = wording[kind]
    const options: SaveDialogOptions = {
      title,
      defaultPath: join(defaultFolder, suggestedFileName),
      buttonLabel,
      filters: [{ name: filter, extensions: ['zip'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    }
    const window = focusedWindow()
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options)
    return result.canceled || !result.filePath ? null : result.filePath
  }
}
