import { environmentLabels, type EnvironmentId } from '../environments'
import type { Actor } from '../identity/investigator'
import { escapeHtml } from './htmlText'

/** Times are written in UTC so the report reads the same wherever it is opened. */
export const utc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`

export const environmentLabel = (environment: string): string =>
  environmentLabels[environment as EnvironmentId] ?? environment

/** Who did something, as the report names them; entries from before actors were kept say so. */
export const actorName = (actor: Actor | undefined): string =>
  actor
    ? `${escapeHtml(actor.name)} <span class="actor">(${escapeHtml(actor.organisation)})</span>`
    : '<span class="undecided">not recorded</span>'
