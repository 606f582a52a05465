import type { ChosenSettings, PendingRestore } from '../../../../shared/backup/pendingRestore'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'
import { errorMessage, type CallBridge } from '../../bridge/bridgeCall'
import { currentDatabaseName } from '../database/databasePointer'
import type { RestorableBackup } from './restorableBackup'
import { stageRestore, type StagedRestore, type StagingPorts } from './stagedRestore'
import { actorOfIdentity } from '../../../../shared/identity/investigator'

const notChosen = (): never => {
  throw new Error('the restore was switched to before its settings were chosen')
}

/** How far a confirmed restore got: the data is switched; the settings, when not, say why. */
export type RestoreOutcome = { settings: SettingsView } | { settingsError: string }

export interface RecordedRestore {
  /**
   * Records the restore on the main side, switches the app to the restored data, then puts the
   * backup's settings the user chose (`settings`, see settingsChanges) in place. Rejects, the data and settings here as they were, when the data
   * could not be written or the record could not be made; resolves once the data is switched,
   * saying whether the settings followed (when not, the record says so at every start).
   */
  commit(settings: ChosenSettings): Promise<RestoreOutcome>
  discard(): Promise<void>
}

/**
 * A restore as one recorded operation (see pendingRestore): the settings are recorded on the main
 * side before the switch and put in place after it, so that a stop anywhere leaves either nothing
 * changed, or the data back with the record saying the settings are not.
 */
export function stageRecordedRestore(
  backup: RestorableBackup,
  fileName: string,
  call: CallBridge,
  ports: Omit<StagingPorts, 'beforeSwitch' | 'restorer'>,
): RecordedRestore {
  const restoreId = crypto.randomUUID()
  let chosen: ChosenSettings | undefined
  const staged: StagedRestore = stageRestore(backup, {
    ...ports,
    // This computer's investigator, who chose to restore, named as every case change names them.
    restorer: async () => actorOfIdentity(await call('identity.get', {})) ?? undefined,
    beforeSwitch: async (database) => {
      await call('backup.stageRestore', {
        restoreId,
        database,
        fileName,
        backupMadeAt: backup.manifest.createdAt,
        // Set by commit, which alone lets the staging reach this point.
        settings: chosen ?? notChosen(),
      })
    },
  })
  return {
    commit: async (settings) => {
      chosen = settings
      await staged.commit()
      try {
        return { settings: await call('backup.finishRestore', { restoreId }) }
      } catch (error) {
        return { settingsError: errorMessage(error) }
      }
    },
    discard: () => staged.discard(),
  }
}

/** A recorded restore, and which of its parts came back. */
export interface UnfinishedRestore {
  restore: PendingRestore
  /**
   * `data`: the app uses the restored data, and the backup's settings are not (all) in place.
   * `nothing`: it stopped before the switch; the data and settings here are as they were.
   */
  cameBack: 'data' | 'nothing'
}

/**
 * The restore recorded and not finished, asked at every start. Asked while no page switches
 * databases, so that a restore another page is between recording and switching is not taken for
 * one that stopped.
 */
export const unfinishedRestore = (
  call: CallBridge,
  whileSwitching: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<UnfinishedRestore | null> =>
  whileSwitching(async () => {
    const { pending } = await call('backup.pendingRestore', {})
    if (!pending) return null
    const current = await currentDatabaseName()
    return { restore: pending, cameBack: current === pending.database ? 'data' : 'nothing' }
  })
