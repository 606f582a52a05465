import {
  caseOutcomeLabels,
  caseStateLabels,
  hitDecisionLabels,
} from '../../../../shared/cases/caseLabels'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import type { SharedCase, TeamDisagreementView } from '../../../../shared/bridge/teamContract'

/** "Ana Ferreira (3 entries), Ben Okoro (1 entry)": who wrote in the case, in the order they began. */
export const authorsLine = (authors: SharedCase['authors']): string =>
  authors
    .map(
      ({ author, entries }) =>
        `${shown(author.name)} (${entries === 1 ? '1 entry' : `${entries} entries`})`,
    )
    .join(', ')

/**
 * A disagreement as a reviewer reads it: what it is about, each side with who said what and why,
 * and what settles it. Nothing here picks a side.
 */
export function disagreementWords(disagreement: TeamDisagreementView): {
  about: string
  sides: string[]
  settle: string
} {
  if (disagreement.kind === 'hit') {
    const { hit } = disagreement
    return {
      about: `${shown(hit.recordTitle)} (${shown(hit.category)}): decided differently`,
      sides: disagreement.sides.map(
        (side) =>
          `${shown(side.author.name)}: ${hitDecisionLabels[side.decision]} — “${shown(side.rationale)}”`,
      ),
      settle: 'Decide this hit again, knowing both, to settle it.',
    }
  }
  return {
    about: 'The case’s state: moved differently',
    sides: disagreement.sides.map(
      (side) =>
        `${shown(side.author.name)}: ${caseStateLabels[side.state]}${side.outcome ? ` (${caseOutcomeLabels[side.outcome]})` : ''}`,
    ),
    settle: 'Move the case’s state again, knowing both, to settle it.',
  }
}
