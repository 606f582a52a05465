import {
  caseOutcomeLabels,
  caseStateLabels,
  hitDecisionLabels,
} from '../../../../shared/cases/caseLabels'
import { hitKeyParts } from '../../../../shared/cases/checkHits'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import type { SharedCase, TeamDisagreementView } from '../../../../shared/bridge/teamContract'
import { categoryLabel } from '../../components/checkLabels'

/** "Ana Ferreira (3 entries), Ben Okoro (1 entry)": who wrote in the case, in the order they began. */
export const authorsLine = (authors: SharedCase['authors']): string =>
  authors
    .map(
      ({ author, entries }) =>
        `${shown(author.name)} (${entries === 1 ? '1 entry' : `${entries} entries`})`,
    )
    .join(', ')

/**
 * "Role hit on 0x5ca1… held by Synthetic Politically Exposed Person on ETH": the hit named as the
 * case's timeline names it, so the disagreement and its two entries read alike.
 */
function hitWords(hit: Extract<TeamDisagreementView, { kind: 'hit' }>['hit']): string {
  const { chains, holders } = hitKeyParts(hit.hitKey)
  return [
    `${categoryLabel(hit.category)} hit on ${shown(hit.recordTitle)}`,
    holders.length > 0 ? ` held by ${holders.map(shown).join(' and ')}` : '',
    chains.length > 0 ? ` on ${chains.map(shown).join(', ')}` : '',
  ].join('')
}

/** ": Ben Okoro’s False positive", the side the case's replay applies last. */
function laterSide<S extends { author: { name: string } }>(
  sides: readonly S[],
  said: (side: S) => string,
): string {
  const later = sides.at(-1)
  return later ? `: ${shown(later.author.name)}’s ${said(later)}` : ''
}

/**
 * A disagreement as a reviewer reads it: what it is about, each side with who said what and why,
 * and what settles it. Nothing here picks a side, but the case meanwhile holds one: its replay
 * applies the entries in their one order, so it counts the later side (the last one listed: an
 * entry that answered another always comes after it). Said, so that the hit's badge and the
 * case's tally are not read as settled.
 */
export function disagreementWords(disagreement: TeamDisagreementView): {
  about: string
  sides: string[]
  settle: string
} {
  if (disagreement.kind === 'hit') {
    return {
      about: `${hitWords(disagreement.hit)}: decided differently`,
      sides: disagreement.sides.map(
        (side) =>
          `${shown(side.author.name)}: ${hitDecisionLabels[side.decision]} — “${shown(side.rationale)}”`,
      ),
      settle: `Until someone decides this hit again, knowing both, the case counts the later entry${laterSide(disagreement.sides, (side) => hitDecisionLabels[side.decision])}.`,
    }
  }
  return {
    about: 'The case’s state: moved differently',
    sides: disagreement.sides.map(
      (side) =>
        `${shown(side.author.name)}: ${caseStateLabels[side.state]}${side.outcome ? ` (${caseOutcomeLabels[side.outcome]})` : ''}`,
    ),
    settle: `Until someone moves the case again, knowing both, it stands as the later entry has it${laterSide(disagreement.sides, (side) => caseStateLabels[side.state])}.`,
  }
}
