import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Progress,
  Stack,
  Text,
} from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import {
  monthlyCapSchema,
  type ScheduledAllowance,
} from '../../../../shared/bridge/spendingContract'
import { allowanceSpent, allowanceUse, budgetMonthLabel } from '../../components/allowanceWords'
import {
  useChangeScheduledAllowance,
  useScheduledAllowance,
} from '../../data/spending/spendingQueries'

/** The cap field's refusal in a sentence, from the same schema the main side holds it to. */
const capProblem = (cap: number | string): string | null => {
  const parsed = monthlyCapSchema.safeParse(cap === '' ? undefined : cap)
  return parsed.success
    ? null
    : `The monthly cap ${parsed.error.issues[0]?.message ?? 'is refused'}.`
}

/**
 * The Production opt-in for watches: whether they may run there at all, how many billed checks a
 * month they may spend, and what they spent this month. The main side keeps it and holds every
 * watch's check to it; this card only asks and shows.
 */
export function ScheduledRescreensCard({ focused }: { focused: boolean }) {
  const allowance = useScheduledAllowance().data
  const card = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focused && allowance) card.current?.scrollIntoView({ block: 'start' })
  }, [focused, allowance])
  return (
    <Card withBorder radius="sm" padding="md" ref={card} data-testid="scheduled-rescreens">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Scheduled re-screens in Production</Text>
          <Text size="sm" c="dimmed">
            A watched wallet or case is checked again on its schedule while the app runs. In
            Production each of those checks is billed, so watches there run only after you opt in
            here, and never beyond the monthly cap you set: once it is spent, their checks are
            refused without being sent until you raise it or the month ends (months are counted in
            UTC). Re-screens you start by hand and bulk jobs are confirmed when you start them and
            do not count here.
          </Text>
        </div>
        {allowance && <AllowanceUse allowance={allowance} />}
        {allowance && <AllowanceForm key={formKeyOf(allowance)} allowance={allowance} />}
      </Stack>
    </Card>
  )
}

/** The form starts again from the main side's answer whenever the choice itself changes. */
const formKeyOf = ({ optedIn, cap }: ScheduledAllowance): string => `${optedIn}-${cap}`

function AllowanceUse({ allowance }: { allowance: ScheduledAllowance }) {
  const { optedIn, cap, used, month } = allowance
  const spent = allowanceSpent(allowance)
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={500} data-testid="scheduled-use">
          {allowanceUse(allowance)}
        </Text>
        <Text size="xs" c="dimmed">
          {budgetMonthLabel(month)} (UTC)
        </Text>
      </Group>
      {optedIn && cap !== null && (
        <Progress
          value={Math.min(100, (used / cap) * 100)}
          color={spent ? 'red' : 'blue'}
          size="sm"
          aria-label="Share of this month’s cap used"
        />
      )}
      <Text size="xs" c={spent ? 'red' : 'dimmed'} data-testid="scheduled-state">
        {!optedIn
          ? 'Opted out: watches in Production are refused and nothing is sent.'
          : spent
            ? 'The cap is spent: watches in Production are refused until it is raised or the month ends.'
            : 'Opted in: watches in Production run on their schedule, billed, up to the cap.'}
      </Text>
    </Stack>
  )
}

function AllowanceForm({ allowance }: { allowance: ScheduledAllowance }) {
  const { pending, error, change } = useChangeScheduledAllowance()
  const [optedIn, setOptedIn] = useState(allowance.optedIn)
  const [cap, setCap] = useState<number | string>(allowance.cap ?? '')
  const problem = optedIn ? capProblem(cap) : null
  const unchanged = optedIn === allowance.optedIn && (!optedIn || cap === allowance.cap)
  const save = () =>
    change(optedIn && typeof cap === 'number' ? { optedIn: true, cap } : { optedIn: false }).catch(
      () => undefined,
    )
  return (
    <Stack gap="xs">
      <Checkbox
        label="Run watches in Production, billed to this account"
        checked={optedIn}
        onChange={(event) => setOptedIn(event.currentTarget.checked)}
        data-testid="scheduled-opt-in"
      />
      <Group align="flex-start" gap="xs">
        <NumberInput
          label="Monthly cap (billed checks)"
          size="sm"
          w={240}
          min={1}
          allowDecimal={false}
          thousandSeparator=","
          disabled={!optedIn}
          value={cap}
          onChange={setCap}
          error={problem}
          data-testid="scheduled-cap"
        />
        <Button
          mt={25}
          onClick={() => void save()}
          disabled={unchanged || problem !== null}
          loading={pending}
          data-testid="scheduled-save"
        >
          {!optedIn ? 'Opt out' : allowance.optedIn ? 'Save the cap' : 'Opt in'}
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" data-testid="scheduled-error">
          {error}
        </Alert>
      )}
    </Stack>
  )
}
