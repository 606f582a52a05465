import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { bridgeErrorNames } from '../../../../shared/bridge'
import { isUnreachable } from '../../bridge/bridgeClient'
import type { SearchRun } from './store'
import { ButtonLink } from '../../components/RouterLinks'

const titles: Record<string, string> = {
  [bridgeErrorNames.unauthorized]: 'The API key was refused',
  [bridgeErrorNames.paymentRequired]: 'The account balance is too low',
  [bridgeErrorNames.forbidden]: 'Not allowed with this key',
  [bridgeErrorNames.rateLimited]: 'Too many requests',
  [bridgeErrorNames.serverFailure]: 'The service failed',
  [bridgeErrorNames.outcomeUnknown]: 'This check may have been billed',
  [bridgeErrorNames.serviceUnreachable]: 'The service cannot be reached',
  [bridgeErrorNames.hostUnreachable]: 'Compliance Desk’s background process is not answering',
  [bridgeErrorNames.missingKey]: 'Settings needed',
  [bridgeErrorNames.cancelled]: 'Cancelled',
  [bridgeErrorNames.unexpectedResponse]: 'The answer could not be understood',
  [bridgeErrorNames.storage]: 'This computer could not record the check',
}
const settingsErrors = new Set<string>([
  bridgeErrorNames.unauthorized,
  bridgeErrorNames.forbidden,
  bridgeErrorNames.missingKey,
])

/** Seconds left before a retry is allowed after a 429. */
function useCountdown(run: Extract<SearchRun, { state: 'failed' }>): number {
  const until = run.failedAt + (run.retryAfterS ?? 0) * 1000
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (now >= until) return
    const timer = setTimeout(() => setNow(Date.now()), 250)
    return () => clearTimeout(timer)
  }, [now, until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

interface SearchErrorNoticeProps {
  run: Extract<SearchRun, { state: 'failed' }>
  onRetry: () => void
  /** Offered when the service cannot be reached: run the check once it is back. */
  onQueue?: () => void
  billed: boolean
}

export function SearchErrorNotice({ run, onRetry, onQueue, billed }: SearchErrorNoticeProps) {
  const secondsLeft = useCountdown(run)
  const cancelled = run.errorName === bridgeErrorNames.cancelled
  // Storage's refusal says in its own sentence whether the check went, and what History holds.
  const warnOfBilling =
    billed && run.mayHaveReachedService && !cancelled && run.errorName !== bridgeErrorNames.storage
  return (
    <Alert
      color={cancelled ? 'gray' : run.mayHaveReachedService ? 'orange' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={
        // Whatever cut it off, a billed check that may have left was possibly charged.
        billed && run.mayHaveReachedService && !cancelled
          ? 'This check may have been billed'
          : (titles[run.errorName] ?? 'The check could not be run')
      }
      data-testid="search-error"
      data-error={run.errorName}
    >
      <Stack gap={6}>
        <Text size="sm">{run.message}</Text>
        {warnOfBilling && (
          <Text size="sm" fw={600} data-testid="billing-warning">
            It may have reached the service and been billed. History keeps this attempt and shows
            what became of it; run it again only if you need a new result.
          </Text>
        )}
        {secondsLeft > 0 && (
          <Text size="sm" fw={600} data-testid="retry-countdown">
            You can retry in {secondsLeft} s.
          </Text>
        )}
        <Group gap="xs">
          {onQueue && !run.mayHaveReachedService && isUnreachable(run.errorName) && (
            <Button size="xs" variant="filled" onClick={onQueue}>
              {billed
                ? 'Queue it (billed when it runs)'
                : 'Queue it to run when the service is back'}
            </Button>
          )}
          {settingsErrors.has(run.errorName) && (
            <ButtonLink size="xs" variant="default" to="/settings">
              Open Settings
            </ButtonLink>
          )}
          <Button
            size="xs"
            variant={run.mayHaveReachedService ? 'outline' : 'subtle'}
            disabled={secondsLeft > 0}
            onClick={onRetry}
          >
            {run.mayHaveReachedService ? 'Run it again anyway' : 'Retry'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
