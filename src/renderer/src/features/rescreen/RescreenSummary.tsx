import { Text } from '@mantine/core'
import { countOf, formatNumber, noun } from '../../../../shared/text/counting'
import { AnchorLink } from '../../components/RouterLinks'
import type { RescreenOutcome } from '../../data/rescreen/rescreenWallets'

const wallet = noun('wallet')

/** How far a re-screen is, and how many wallets' hits changed (and where those changes are). */
export function RescreenSummary({
  outcomes,
  running,
  changesInInbox,
}: {
  outcomes: readonly RescreenOutcome[]
  running: boolean
  changesInInbox: boolean
}) {
  const done = outcomes.filter((outcome) => outcome.kind === 'done')
  const failed = outcomes.filter((outcome) => outcome.kind === 'failed').length
  const changed = done.filter(
    ({ difference }) => difference.added.length > 0 || difference.removed.length > 0,
  ).length
  return (
    <Text size="sm" data-testid="rescreen-summary">
      {formatNumber(done.length)} of {countOf(outcomes.length, wallet)} checked
      {running ? '…' : ''}
      {failed > 0 && `, ${failed} not checked`}
      {changed > 0 && `; new or removed hits for ${countOf(changed, wallet)}`}
      {changed > 0 && changesInInbox && !running && (
        <>
          {', in '}
          <AnchorLink to="/changes" data-testid="rescreen-to-changes">
            Changes
          </AnchorLink>
        </>
      )}
    </Text>
  )
}
