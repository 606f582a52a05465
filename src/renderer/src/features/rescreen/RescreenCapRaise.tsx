import { Alert, Button, Group, NumberInput, Text } from '@mantine/core'
import { useState } from 'react'
import { countOf, noun, nounFor } from '../../../../shared/text/counting'

/**
 * A re-screen its budget cap stopped: what happened and what to do in one sentence, and a higher
 * cap (enough for every billed wallet left, unless lowered) to go on with.
 */
export function RescreenCapRaise({
  cap,
  left,
  billedLeft,
  onRaise,
}: {
  cap: number
  /** Wallets not checked; `billedLeft` of them billed. */
  left: number
  billedLeft: number
  onRaise: (cap: number) => void
}) {
  const most = cap + billedLeft
  const [budget, setBudget] = useState<number | string>(most)
  const valid = typeof budget === 'number' && budget > cap && budget <= most
  return (
    <Alert color="orange" variant="light" data-testid="rescreen-cap-reached">
      <Text size="sm" data-testid="rescreen-cap-sentence">
        The budget cap of {countOf(cap, noun('billed check'))} is reached:{' '}
        {countOf(left, noun('wallet'))} {nounFor(left, noun('was', 'were'))} not checked. Raise the
        cap to go on.
      </Text>
      <Group align="flex-end" gap="xs" mt="xs">
        <NumberInput
          label="New budget cap (billed checks)"
          size="xs"
          w={220}
          min={cap + 1}
          max={most}
          allowDecimal={false}
          allowNegative={false}
          value={budget}
          onChange={setBudget}
          data-testid="rescreen-new-budget"
        />
        <Button
          size="xs"
          disabled={!valid}
          onClick={() => valid && onRaise(budget)}
          data-testid="rescreen-raise-budget"
        >
          Raise the cap and go on
        </Button>
      </Group>
    </Alert>
  )
}
