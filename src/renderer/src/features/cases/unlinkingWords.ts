import type { UnlinkingEffect } from '../../../../shared/cases/caseReview'
import { countOf, formatNumber, noun, nounFor } from '../../../../shared/text/counting'

const decision = noun('decision')
const hit = noun('hit')

/** "stands" or "stand", as `count` calls for. */
const verb = (count: number, one: string, other: string): string => nounFor(count, { one, other })

/**
 * What the Unlink dialog says is withdrawn, sentence by sentence, exactly as unlinkingEffect finds
 * it: the check's own decisions go, those carried from it to a later check stay, and a hit of the
 * latest check that stood on one withdrawn is then undecided unless an older check decided it.
 */
export function unlinkingSentences(effect: UnlinkingEffect<unknown>): string[] {
  const { withdrawn, standingOnLatest: standing, thenUndecided: undecided, carriedOn } = effect
  const sentences: string[] = []
  if (withdrawn.length > 0) {
    const kept =
      standing === 0
        ? ''
        : standing < withdrawn.length
          ? `, ${formatNumber(standing)} of them kept on the latest check of this wallet`
          : standing === 1
            ? ', which the latest check of this wallet kept'
            : ', all kept on the latest check of this wallet'
    sentences.push(`This withdraws ${countOf(withdrawn.length, decision)} on its hits${kept}.`)
  }
  if (standing > 0) {
    const keeps = standing - undecided
    if (undecided === standing) {
      sentences.push(
        standing === 1
          ? 'That hit then needs a decision again.'
          : `Those ${formatNumber(standing)} hits then need a decision again.`,
      )
    } else if (undecided === 0) {
      sentences.push(
        `An older check’s decision then stands on ${standing === 1 ? 'that hit' : `those ${formatNumber(standing)} hits`}.`,
      )
    } else {
      sentences.push(
        `Then ${countOf(undecided, hit)} ${verb(undecided, 'needs', 'need')} a decision again; ${formatNumber(keeps)} ${verb(keeps, 'keeps', 'keep')} an older check’s decision.`,
      )
    }
  }
  if (carriedOn > 0) {
    sentences.push(
      `The ${countOf(carriedOn, decision)} carried from it to a later check of this wallet ${verb(carriedOn, 'stays', 'stay')}.`,
    )
  }
  return sentences
}
