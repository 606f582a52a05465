import type { ChosenSettings, PendingRestore } from '../../../shared/backup/pendingRestore'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { SettingsView } from '../../../shared/bridge/settingsContract'
import { remoteEnvironmentIds } from '../../../shared/environments'
import { investigatorOf } from '../../../shared/identity/investigator'
import { storageFailure } from '../dataFolder/storageFailure'
import type { EnvironmentService } from '../environments/environmentService'
import type { IdentityService } from '../identity/identityService'
import type { ChangeAlerts } from '../notifications/changeAlerts'
import { ServiceError } from '../serviceError'
import type { PendingRestoreFile } from './pendingRestoreFile'

const noLongerPending = (): ServiceError =>
  new ServiceError(
    bridgeErrorNames.validation,
    'This restore is no longer waiting to be finished: it was finished or discarded in another window, or another restore replaced it. Nothing was changed.',
    { status: 400, mayHaveReachedService: false },
  )

export interface RestoreServiceDeps {
  file: PendingRestoreFile
  /** The data folder, named when storage refuses the record. */
  dataDir: string
  environments: EnvironmentService
  identity: IdentityService
  alerts: ChangeAlerts
}

/**
 * The main side's part of a restore. The renderer writes the data into a new database; before it
 * switches the app to it, the backup's settings are recorded here (`stage`), and once switched
 * they are put in place (`finish`). A stop between the two leaves the record, which every start
 * finds until the user finishes or discards it.
 */
export class RestoreService {
  /** Stage, finish and discard, one at a time: each reads the record another may be replacing. */
  private turn: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: RestoreServiceDeps) {}

  /** Records `restore`, replacing any restore recorded before: the latest is the one to finish. */
  stage(restore: PendingRestore): Promise<{ restoreId: string }> {
    return this.oneAtATime(async () => {
      await this.record(
        restore,
        'the restore did not start: the data and settings here are as they were',
        'restore again',
      )
      return { restoreId: restore.restoreId }
    })
  }

  pending(): { pending: PendingRestore | null } {
    return { pending: this.deps.file.read() }
  }

  /** Puts the recorded settings in place, then forgets the restore. */
  finish(restoreId: string): Promise<SettingsView> {
    return this.oneAtATime(async () => {
      const pending = this.deps.file.read()
      if (pending?.restoreId !== restoreId) throw noLongerPending()
      const view = await this.putInPlace(pending.settings)
      await this.record(
        null,
        'the settings are back but the restore is still listed as unfinished',
        'finish it again',
      )
      return view
    })
  }

  discard(restoreId: string): Promise<{ discarded: boolean }> {
    return this.oneAtATime(async () => {
      if (this.deps.file.read()?.restoreId !== restoreId) return { discarded: false }
      await this.record(null, 'the restore is still listed as unfinished', 'discard it again')
      return { discarded: true }
    })
  }

  /**
   * Puts in place what the user ticked of a backup's addresses, active environment, investigator
   * and trusted signers (see chosenSettingsSchema), and the choice of change notifications. An
   * address on another origin than this computer's takes that environment's key away (see
   * EnvironmentService.setBaseUrl); this computer keeps its own signing key; a signer already
   * trusted stays as it is. Each is set, not added, so doing it again is harmless.
   */
  private async putInPlace(settings: ChosenSettings): Promise<SettingsView> {
    const { environments, identity, alerts } = this.deps
    for (const environment of remoteEnvironmentIds) {
      const baseUrl = settings.baseUrls[environment]
      if (baseUrl !== undefined) await environments.setBaseUrl(environment, baseUrl)
    }
    if (settings.investigator) await identity.setInvestigator(settings.investigator)
    const own = (await identity.view()).signingKey.fingerprint
    for (const signer of settings.trustedSigners ?? []) {
      if (signer.fingerprint !== own)
        await identity.trustSigner(signer.publicKey, investigatorOf(signer))
    }
    if (settings.notifyChanges !== undefined) await alerts.set(settings.notifyChanges)
    return settings.activeEnvironment === undefined
      ? environments.view()
      : environments.setActive(settings.activeEnvironment)
  }

  private async record(
    pending: PendingRestore | null,
    consequence: string,
    next: string,
  ): Promise<void> {
    await this.deps.file.write(pending).catch((error: unknown) => {
      throw storageFailure(this.deps.dataDir, error, consequence, next)
    })
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work)
    this.turn = done.catch(() => undefined)
    return done
  }
}
