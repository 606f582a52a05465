import type { TeamSync } from '../../../../shared/bridge/teamContract'
import { countOf, noun } from '../../../../shared/text/counting'

const changes = noun('change', 'changes')

/**
 * The status line of a desk in a team, in the words an investigator reads at a glance: whether
 * the team has everything done here, and if not, how much waits and since when it is cut off.
 */
export function teamStatusWords(
  sync: TeamSync,
  timeOf: (iso: string) => string,
): { text: string; tone: 'ok' | 'busy' | 'warning' | 'problem' } {
  const waiting =
    sync.waiting > 0
      ? `${countOf(sync.waiting, changes)} waiting to be sent`
      : 'nothing waiting to be sent'
  switch (sync.state) {
    case 'in-sync':
      return { text: 'Team: in sync', tone: 'ok' }
    case 'connecting':
      return { text: 'Team: connecting…', tone: 'busy' }
    case 'sending':
      // Not caught up with nothing of ours to send: what is missing is on its way in.
      return {
        text: sync.waiting > 0 ? `Team: ${waiting}` : 'Team: receiving changes…',
        tone: 'busy',
      }
    case 'offline':
      return {
        text: `Team: offline since ${sync.offlineSince ? timeOf(sync.offlineSince) : 'now'} · ${waiting}`,
        tone: 'warning',
      }
    case 'refused':
      return { text: 'Team: not replicating', tone: 'problem' }
  }
}
