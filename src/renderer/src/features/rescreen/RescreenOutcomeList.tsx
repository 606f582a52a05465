import { Group, Text } from '@mantine/core'
import { differenceSentence } from '../../../../shared/records/differenceWords'
import { MiddleTruncated } from '../../components/MiddleTruncated'
import { useVirtualRows, VirtualRow, VirtualRowsBody } from '../../components/VirtualRows'
import type { RescreenOutcome } from '../../data/rescreen/rescreenWallets'

const rowHeight = 30
/** Rows in view before the list scrolls: a bulk job's thousands of wallets stay one dialog. */
const rowsInView = 10

/** One wallet's re-screen in a sentence. */
function outcomeSentence(outcome: RescreenOutcome, running: boolean): string {
  if (outcome.kind === 'notRun')
    return running ? 'waiting…' : 'not checked: the run stopped before it'
  if (outcome.kind === 'failed' && outcome.atCap) return 'not checked: cap reached'
  if (outcome.kind === 'failed') return `not checked: ${outcome.message}`
  return differenceSentence(outcome.difference)
}

/** Each wallet of a re-screen and what its later check found; only the rows in view are drawn. */
export function RescreenOutcomeList({
  outcomes,
  running,
}: {
  outcomes: readonly RescreenOutcome[]
  running: boolean
}) {
  const { scroller, items, totalSize } = useVirtualRows(outcomes.length, rowHeight)
  return (
    <div
      ref={scroller}
      style={{ maxHeight: rowHeight * rowsInView, overflowY: 'auto' }}
      role="list"
      aria-label="Wallets re-screened"
      data-testid="rescreen-outcomes"
    >
      <VirtualRowsBody height={totalSize}>
        {items.map((item) => {
          const outcome = outcomes[item.index]!
          const sentence = outcomeSentence(outcome, running)
          return (
            <VirtualRow key={item.index} start={item.start}>
              <Group
                h={rowHeight}
                gap={6}
                wrap="nowrap"
                role="listitem"
                data-testid="rescreen-outcome"
                data-kind={outcome.kind}
              >
                {/* The identifier whole when it fits; shortened in the middle only for the words. */}
                <div style={{ flex: '0 1 auto', minWidth: 96 }}>
                  <MiddleTruncated value={outcome.wallet.query} />
                </div>
                {/* The space before the dash is text, so the row reads "<wallet> — <what changed>". */}
                <Text
                  size="sm"
                  truncate
                  title={sentence}
                  style={{ flex: '1 1 0', minWidth: '40%' }}
                >
                  {` — ${sentence}`}
                </Text>
              </Group>
            </VirtualRow>
          )
        })}
      </VirtualRowsBody>
    </div>
  )
}
