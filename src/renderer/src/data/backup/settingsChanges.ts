import type { BackupSettings } from '../../../../shared/backup/backupFormat'
import type { ChosenSettings } from '../../../../shared/backup/pendingRestore'
import type { IdentityView } from '../../../../shared/bridge/identityContract'
import type { SettingsView } from '../../../../shared/bridge/settingsContract'
import { environmentLabels, type RemoteEnvironmentId } from '../../../../shared/environments'
import {
  groupedFingerprint,
  investigatorOf,
  type TrustedSigner,
} from '../../../../shared/identity/investigator'

/**
 * One way a backup's settings differ from this computer's, as the restore's confirmation lists it:
 * trust (a signer to add), identity (the investigator), or an address (a base URL, the active
 * environment). Applied only if ticked; ticked by default only where nothing is overwritten and
 * nothing is trusted (the investigator, on a computer that has none, from a trusted backup).
 */
export type SettingsChange = {
  id: string
  kind: 'trust' | 'identity' | 'address'
  label: string
  detail: string
  tickedByDefault: boolean
} & (
  | { what: 'signer'; signer: TrustedSigner }
  | { what: 'investigator' }
  | { what: 'baseUrl'; environment: RemoteEnvironmentId; baseUrl: string }
  | { what: 'activeEnvironment' }
)

const person = ({
  name,
  email,
  organisation,
}: {
  name: string
  email: string
  organisation: string
}) => `${name} <${email}>, ${organisation}`

/** Every change the backup's settings would make here, in the order the confirmation lists them. */
export function settingsChanges(
  settings: BackupSettings,
  here: { settings: SettingsView; identity: IdentityView },
  trustedBackup: boolean,
): SettingsChange[] {
  const changes: SettingsChange[] = []
  const known = new Set([
    here.identity.signingKey.fingerprint,
    ...here.identity.trustedSigners.map((signer) => signer.fingerprint),
  ])
  for (const signer of settings.trustedSigners ?? []) {
    if (known.has(signer.fingerprint)) continue
    known.add(signer.fingerprint)
    changes.push({
      id: `signer:${signer.fingerprint}`,
      kind: 'trust',
      what: 'signer',
      signer,
      label: `Trust ${person(signer)}`,
      detail: `Key ${groupedFingerprint(signer.fingerprint)}: bundles and backups it signs would be taken as trusted.`,
      tickedByDefault: false,
    })
  }
  const investigator = settings.investigator
  const current = here.identity.investigator
  if (investigator && (!current || person(current) !== person(investigator))) {
    changes.push({
      id: 'investigator',
      kind: 'identity',
      what: 'investigator',
      label: `Investigator: ${person(investigator)}`,
      detail: current
        ? `Replaces ${person(current)}: your cases and bundles would name them.`
        : 'No investigator is set here.',
      tickedByDefault: !current && trustedBackup,
    })
  }
  for (const [environment, baseUrl] of Object.entries(settings.baseUrls) as [
    RemoteEnvironmentId,
    string | undefined,
  ][]) {
    const now = here.settings.environments.find((known) => known.id === environment)?.baseUrl
    if (baseUrl === undefined || baseUrl === now) continue
    changes.push({
      id: `baseUrl:${environment}`,
      kind: 'address',
      what: 'baseUrl',
      environment,
      baseUrl,
      label: `${environmentLabels[environment]} address: ${baseUrl}`,
      detail: now
        ? `Replaces ${now}. A key entered here would be sent there.`
        : `No ${environmentLabels[environment]} address is set here.`,
      tickedByDefault: false,
    })
  }
  if (settings.activeEnvironment !== here.settings.activeEnvironment) {
    changes.push({
      id: 'activeEnvironment',
      kind: 'address',
      what: 'activeEnvironment',
      label: `Work in ${environmentLabels[settings.activeEnvironment]}`,
      detail: `Instead of ${environmentLabels[here.settings.activeEnvironment]}: checks would be sent there.`,
      tickedByDefault: false,
    })
  }
  return changes
}

/**
 * The settings to put in place: the backup's own choice of notifications and its list of keys to
 * enter again, and of the changes only those ticked.
 */
export function chosenSettings(
  settings: BackupSettings,
  changes: readonly SettingsChange[],
  ticked: ReadonlySet<string>,
): ChosenSettings {
  const chosen = changes.filter((change) => ticked.has(change.id))
  const investigator = settings.investigator
  return {
    keysHeld: settings.keysHeld,
    ...(settings.notifyChanges === undefined ? {} : { notifyChanges: settings.notifyChanges }),
    baseUrls: Object.fromEntries(
      chosen.flatMap((change) =>
        change.what === 'baseUrl' ? [[change.environment, change.baseUrl]] : [],
      ),
    ),
    trustedSigners: chosen.flatMap((change) => (change.what === 'signer' ? [change.signer] : [])),
    ...(investigator && chosen.some((change) => change.what === 'investigator')
      ? { investigator: investigatorOf(investigator) }
      : {}),
    ...(chosen.some((change) => change.what === 'activeEnvironment')
      ? { activeEnvironment: settings.activeEnvironment }
      : {}),
  }
}
