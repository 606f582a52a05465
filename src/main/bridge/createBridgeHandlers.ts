import type { BridgeHandlers } from '../../shared/bridge'
import type { DataFolderState } from '../../shared/bridge/systemContract'
import type { BackupService } from '../services/backup/backupService'
import type { RestoreService } from '../services/backup/restoreService'
import type { ApiClient } from '../services/api/apiClient'
import { runCryptoSearch } from '../services/api/cryptoSearchApi'
import { createEntity, getEntity, listEntities } from '../services/api/entitiesApi'
import type { RequestRegistry } from '../services/api/requestRegistry'
import type { EnvironmentService } from '../services/environments/environmentService'
import type { EvidenceExporter } from '../services/evidence/evidenceExporter'
import type { IdentityService } from '../services/identity/identityService'
import type { ChangeAlerts } from '../services/notifications/changeAlerts'
import type { Spending } from '../services/spending/spending'
import type { TeamCases } from '../services/team/teamCases'
import type { TeamService } from '../services/team/teamService'

export interface MainServices {
  environments: EnvironmentService
  api: ApiClient
  requests: RequestRegistry
  exporter: EvidenceExporter
  backup: BackupService
  restore: RestoreService
  identity: IdentityService
  alerts: ChangeAlerts
  spending: Spending
  team: TeamService
  teamCases: TeamCases
  /** Whether the data folder could be written at start (else every write is refused). */
  storage: DataFolderState
}

/** The main side's answer to every bridge method; its type fails to compile if one is missing. */
export function createBridgeHandlers({
  environments,
  api,
  requests,
  exporter,
  backup,
  restore,
  identity,
  alerts,
  spending,
  team,
  teamCases,
  storage,
}: MainServices): BridgeHandlers {
  return {
    'entities.list': async ({ page, limit }) =>
      listEntities(api, await environments.resolveActive(), page, limit),
    'entities.create': async ({ requestId, environment: target, entity, pace }) => {
      const environment = target
        ? await environments.resolve(target)
        : await environments.resolveActive()
      return requests.run(requestId, (signal, attempts) =>
        createEntity(api, environment, entity, {
          signal,
          journal: attempts,
          ...(pace ? { pace } : {}),
        }),
      )
    },
    'entities.get': async ({ id }) => getEntity(api, await environments.resolveActive(), id),
    'crypto.search': async ({
      requestId,
      environment: target,
      atMostOnce,
      pace,
      purpose,
      jobId,
      query,
      advancedSearch,
    }) => {
      const environment = target
        ? await environments.resolve(target)
        : await environments.resolveActive()
      return spending.send(
        { purpose: purpose ?? 'search', environment: environment.id, jobId },
        (count) =>
          requests.run(requestId, (signal, attempts) =>
            runCryptoSearch(api, environment, {
              query,
              advancedSearch,
              signal,
              journal: count(attempts),
              atMostOnce,
              pace,
            }),
          ),
      )
    },
    'requests.cancel': async ({ requestId }) => ({ cancelled: requests.cancel(requestId) }),
    'requests.fate': async ({ requests: asked }) => ({ fates: requests.fate(asked) }),
    'requests.collect': async ({ requestIds }) => ({
      collected: await requests.collect(requestIds),
    }),
    'settings.get': () => environments.view(),
    'settings.setActiveEnvironment': ({ environment }) => environments.setActive(environment),
    'settings.setBaseUrl': ({ environment, baseUrl }) =>
      environments.setBaseUrl(environment, baseUrl),
    'keys.set': ({ environment, secretKey }) => environments.setKey(environment, secretKey),
    'keys.confirmAddress': ({ environment }) => environments.confirmKeyAddress(environment),
    'keys.delete': ({ environment }) => environments.deleteKey(environment),
    'evidence.beginExport': ({ case: caseRecord }) => exporter.begin(caseRecord),
    'evidence.addToExport': ({ exportId, part }) => exporter.add(exportId, part),
    'evidence.finishExport': ({ exportId }) => exporter.finish(exportId),
    'evidence.abortExport': ({ exportId }) => exporter.abort(exportId),
    'backup.begin': ({ schemaVersion, tables }) => backup.begin(schemaVersion, tables),
    'backup.addEntry': ({ backupId, table, deflated }) =>
      backup.addEntry(backupId, table, Buffer.from(deflated, 'base64')),
    'backup.finish': ({ backupId }) => backup.finish(backupId),
    'backup.abort': ({ backupId }) => backup.abort(backupId),
    'backup.stageRestore': (staged) => restore.stage(staged),
    'backup.pendingRestore': async () => restore.pending(),
    'backup.finishRestore': ({ restoreId }) => restore.finish(restoreId),
    'backup.discardRestore': ({ restoreId }) => restore.discard(restoreId),
    'identity.get': () => identity.view(),
    'identity.setInvestigator': ({ investigator }) => identity.setInvestigator(investigator),
    'identity.trustSigner': ({ publicKey, investigator }) =>
      identity.trustSigner(publicKey, investigator),
    'identity.forgetSigner': ({ fingerprint }) => identity.forgetSigner(fingerprint),
    'system.notifyChanges': async (notice) => alerts.notify(notice),
    'system.changeAlerts': async () => alerts.view(),
    'system.setChangeAlerts': ({ notifyChanges }) => alerts.set(notifyChanges),
    'system.storage': async () => storage,
    'spending.scheduledAllowance': async () => spending.view(),
    'spending.setScheduledAllowance': (change) => spending.set(change),
    'spending.allowJob': (change) => spending.allowJob(change),
    'team.view': () => team.view(),
    'team.join': (credentials) => team.join(credentials),
    'team.leave': () => team.leave(),
    'team.removeMember': ({ member, reason }) => team.removeMember(member, reason),
    'team.shareCase': (shared) => teamCases.share(shared),
    'team.writeCase': (change) => teamCases.write(change),
    'team.sharedCases': () => teamCases.list(),
    'team.readCase': ({ caseId }) => teamCases.read(caseId),
    'team.setRoles': ({ member, roles }) => team.setRoles(member, roles),
    'team.assignCase': (assignment) => teamCases.assign(assignment),
    'team.requestReview': (request) => teamCases.requestReview(request),
    'team.approve': (approval) => teamCases.approve(approval),
    'team.sendBack': (sending) => teamCases.sendBack(sending),
    'team.reviewQueue': () => teamCases.reviewQueue(),
  }
}
