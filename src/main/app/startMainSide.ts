import { join } from 'node:path'
import { makeFolderPrivate } from '../services/dataFolder/privateFolder'
import { removeUnfinishedWrites } from '../services/dataFolder/atomicFile'
import { startSandbox, type RunningSandbox } from '../../sandbox/sandboxServer'
import type { BridgeHandlers } from '../../shared/bridge'
import { createBridgeHandlers } from '../bridge/createBridgeHandlers'
import { BackupService } from '../services/backup/backupService'
import { openPendingRestoreFile } from '../services/backup/pendingRestoreFile'
import { RestoreService } from '../services/backup/restoreService'
import {
  storageCodeOf,
  unwritableDataFolder,
  writableDataFolder,
  type DataFolderAccess,
} from '../services/dataFolder/storageFailure'
import { createApiClient } from '../services/api/apiClient'
import { RequestRegistry } from '../services/api/requestRegistry'
import {
  createEnvironmentService,
  type LocalSandboxEndpoint,
} from '../services/environments/environmentService'
import { DownloadDestination, type ExportDestination } from '../services/evidence/exportDestination'
import { sharedCaseEvidence } from '../services/evidence/sharedCaseEvidence'
import { EvidenceExporter } from '../services/evidence/evidenceExporter'
import { createIdentityService } from '../services/identity/identityService'
import { openRequestJournal, type RequestJournal } from '../services/journal/requestJournal'
import { openKeyStore } from '../services/keys/keychainKeyStore'
import { createChangeAlerts } from '../services/notifications/changeAlerts'
import {
  noOsNotifications,
  type NotificationPort,
} from '../services/notifications/notificationPort'
import type { SecretKeyStore } from '../services/keys/secretKeyStore'
import { openSettingsStore } from '../services/settings/settingsStore'
import { openSpending } from '../services/spending/spending'
import { createTeamCases } from '../services/team/teamCases'
import { watchTeamReviews } from '../services/team/teamReviewAlerts'
import { createTeamService } from '../services/team/teamService'
import { mainLog } from './mainLog'
import packageJson from '../../../package.json' with { type: 'json' }

export interface MainSideOptions {
  dataDir: string
  /** Keychain service name; tests use their own so they never touch a user's keys. */
  keychainService?: string
  keyStore?: SecretKeyStore
  /** Point the Local sandbox at a sandbox started elsewhere (tests, `npm run sandbox`). */
  localSandbox?: LocalSandboxEndpoint
  /** Where exports go: Electron's save dialog; by default a download served by the browser host. */
  exportDestination?: ExportDestination
  /** OS notifications: Electron's; by default none (the browser mode). */
  notifications?: NotificationPort
  /**
   * A write to the data folder that storage already refused (the browser host's instance lock):
   * the main side starts read-only without trying again.
   */
  unwritable?: unknown
}

export interface MainSide {
  handlers: BridgeHandlers
  keyStore: SecretKeyStore
  localSandbox: LocalSandboxEndpoint
  /** Finished bundles waiting to be downloaded (browser mode). */
  downloads: DownloadDestination
  close(): Promise<void>
}

/**
 * The request journal, rewritten as it opens: the first write of a start. When storage refuses
 * it (or refused one before), the data folder cannot be written and everything opens read-only,
 * so what is kept can still be read and every write is refused saying why.
 */
async function openJournal(
  dataDir: string,
  refusedBefore: unknown,
): Promise<{ journal: RequestJournal; access: DataFolderAccess }> {
  const path = join(dataDir, 'requests.journal')
  let refused = refusedBefore
  if (refused === undefined) {
    try {
      return { journal: await openRequestJournal(path), access: writableDataFolder }
    } catch (error) {
      refused = error
    }
  }
  const access = unwritableDataFolder(dataDir, refused)
  mainLog.warn(
    `the data folder cannot be written (${storageCodeOf(refused) ?? 'unknown'}): started read-only`,
  )
  return { journal: await openRequestJournal(path, { readOnly: access.refusal }), access }
}

/**
 * Composition root shared by Electron's main process and the browser host: everything here runs
 * on Node without Electron, so both run modes serve exactly the same handlers.
 */
export async function startMainSide(options: MainSideOptions): Promise<MainSide> {
  let embedded: RunningSandbox | undefined
  let localSandbox = options.localSandbox
  if (!localSandbox) {
    embedded = await startSandbox()
    const { baseUrl, secretKey } = embedded.environment('sandbox')
    localSandbox = { baseUrl, secretKey }
  }
  const keyStore = options.keyStore ?? (await openKeyStore({ service: options.keychainService }))
  if (keyStore.kind === 'session-only') mainLog.warn(keyStore.detail)
  const { journal, access } = await openJournal(options.dataDir, options.unwritable)
  const readOnly = access.refusal
  if (!readOnly) {
    const open = await makeFolderPrivate(options.dataDir)
    if (open.length > 0) {
      mainLog.warn(`${open.length} paths in the data folder could not be made private to you`)
    }
    const removed = await removeUnfinishedWrites(options.dataDir)
    if (removed.length > 0) {
      mainLog.warn(`removed ${removed.length} unfinished writes a stopped process left behind`)
    }
  }
  const settings = await openSettingsStore(options.dataDir, {
    readOnly,
    onRecovered: (movedTo) =>
      mainLog.warn(`settings file could not be read; moved aside to ${movedTo}, defaults in use`),
  })
  const environments = createEnvironmentService({ settings, keys: keyStore, localSandbox })
  const downloads = new DownloadDestination(join(options.dataDir, 'exports'))
  if (!readOnly) await downloads.removeLeftovers()
  const destination = options.exportDestination ?? downloads
  const identity = createIdentityService(settings, keyStore)
  const team = createTeamService({ dataDir: options.dataDir, settings, keys: keyStore, identity })
  const exporter = new EvidenceExporter(destination, packageJson.version, identity, {
    sharedCases: sharedCaseEvidence(team),
  })
  const notifications = options.notifications ?? noOsNotifications
  const alerts = createChangeAlerts(settings, notifications)
  const backup = new BackupService(destination, environments, identity, alerts, packageJson.version)
  const restore = new RestoreService({
    file: await openPendingRestoreFile(options.dataDir, {
      readOnly,
      onRecovered: (movedTo) =>
        mainLog.warn(
          `the record of an unfinished restore could not be read; moved aside to ${movedTo}`,
        ),
    }),
    dataDir: options.dataDir,
    environments,
    identity,
    alerts,
  })
  const spending = await openSpending(options.dataDir, {
    readOnly,
    onRecovered: (movedTo) =>
      mainLog.warn(
        `a spending allowance file could not be read; moved aside to ${movedTo}, nothing allowed from it`,
      ),
  })
  if (!readOnly) {
    await team
      .start()
      .catch((error: unknown) => mainLog.failure('resuming team replication', error))
  }
  const teamCases = createTeamCases(team, identity)
  const reviewAlerts = watchTeamReviews({
    member: () => team.member(),
    reviewQueue: teamCases.reviewQueue,
    alerts,
    port: notifications,
    onFailure: (error) => mainLog.failure('reading the cases waiting for your review', error),
  })
  return {
    handlers: createBridgeHandlers({
      environments,
      api: createApiClient(),
      requests: new RequestRegistry(journal),
      exporter,
      backup,
      restore,
      identity,
      alerts,
      spending,
      team,
      teamCases,
      storage: access.state,
    }),
    keyStore,
    localSandbox,
    downloads,
    close: async () => {
      reviewAlerts.stop()
      // Stopping never fails on storage (a closing file a full disk refuses): said in one line.
      await journal.close().catch((error: unknown) => mainLog.failure('closing the journal', error))
      await team
        .close()
        .catch((error: unknown) => mainLog.failure('closing the team database', error))
      await embedded?.close()
    },
  }
}

/** `COMPLIANCE_DESK_LOCAL_SANDBOX_URL` and `_KEY` together replace the embedded sandbox. */
export function localSandboxFromEnv(env: NodeJS.ProcessEnv): LocalSandboxEndpoint | undefined {
  const baseUrl = env.COMPLIANCE_DESK_LOCAL_SANDBOX_URL
  const secretKey = env.COMPLIANCE_DESK_LOCAL_SANDBOX_KEY
  return baseUrl && secretKey ? { baseUrl, secretKey } : undefined
}
