import { join } from 'node:path'
import type { BaseWindow, Dialog, SaveDialogOptions } from 'electron'

/** Asks where to save a bundle with the native dialog; null when the user cancels. */
export function saveDialogChooser(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  focusedWindow: () => BaseWindow | null,
  defaultFolder: string,
): (suggestedFileName: string) => Promise<string | null> {
  return async (suggestedFileName) => {
    const options: SaveDialogOptions = {
      title: 'Export case evidence',
      defaultPath: join(defaultFolder, suggestedFileName),
      buttonLabel: 'Export',
      filters: [{ name: 'Evidence bundle (ZIP)', extensions: ['zip'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    }
    const window = focusedWindow()
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options)
    return result.canceled || !result.filePath ? null : result.filePath
  }
}
