import { Alert, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core'
import { environmentLabels } from '../../../../shared/environments'
import { countOf, noun } from '../../../../shared/text/counting'

const billedCheck = noun('billed check')

/**
 * What a billed re-screen will spend, before it starts: how many checks are billed, the cap it
 * stops at (every billed wallet unless lowered) and the explicit confirmation, as a bulk job asks.
 */
export function RescreenBilledConfirm({
  billed,
  cap,
  onCapChange,
  confirmed,
  onConfirmedChange,
}: {
  billed: number
  /** As typed: a number, or text while it is being edited. */
  cap: number | string
  onCapChange: (cap: number | string) => void
  confirmed: boolean
  onConfirmedChange: (confirmed: boolean) => void
}) {
  const runs = typeof cap === 'number' ? Math.min(cap, billed) : billed
  return (
    <Alert color="orange" variant="light" title="Billed checks" data-testid="rescreen-billed">
      <Stack gap="xs">
        <Text size="sm">
          {countOf(billed, noun('check'))} will run in {environmentLabels.production} and be billed
          to your account. A check that may have reached the service is never sent twice.
        </Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <NumberInput
            label="Budget cap (billed checks)"
            min={1}
            max={billed}
            allowDecimal={false}
            allowNegative={false}
            value={cap}
            onChange={onCapChange}
            w={240}
            style={{ flexShrink: 0 }}
            data-testid="rescreen-budget"
          />
          <Text size="xs" c="dimmed" pb={4}>
            The most this re-screen may run, up to one a wallet; it stops when the cap is reached.
          </Text>
        </Group>
        <Checkbox
          label={`Run ${countOf(runs, billedCheck)}`}
          checked={confirmed}
          onChange={(event) => onConfirmedChange(event.currentTarget.checked)}
          data-testid="rescreen-confirm-billed"
        />
      </Stack>
    </Alert>
  )
}
