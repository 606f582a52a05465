import { Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { validateAddress } from '../../../../shared/address'
import { isBilledEnvironment } from '../../../../shared/environments'
import { CheckRecordView } from '../checks/CheckRecordView'
import { useCheck } from '../../data/checks/checkQueries'
import { outboxRepository } from '../../data/outbox/outboxRepository'
import { OutboxPanel } from '../outbox/OutboxPanel'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { BilledCheckGuard } from './BilledCheckGuard'
import { cancelCryptoSearch, runCryptoSearch } from './runCryptoSearch'
import { SearchErrorNotice } from './SearchErrorNotice'
import { SearchForm } from './SearchForm'
import { SampleWallets } from './SampleWallets'
import { searchActions, searchSelectors, useSearchStore } from './store'
import { ScreenTitle } from '../../components/ScreenTitle'

export function SearchScreen() {
  const environment = useActiveEnvironment()
  const query = useSearchStore((state) => state.query)
  const run = useSearchStore((state) => state.run)
  const [guardedKey, setGuardedKey] = useState<string | null>(null)
  const addressCheck = validateAddress(query)
  const billed = environment !== null && isBilledEnvironment(environment)
  const shownId = run.state === 'done' ? run.localId : null
  const stored = useCheck(shownId)
  const shown = run.state === 'failed' ? run.answer : stored

  const queue = () => {
    if (environment === null) return
    const advancedSearch = searchSelectors.filledAdvanced(useSearchStore.getState())
    void outboxRepository
      .enqueue(environment, {
        kind: 'cryptoCheck',
        query: addressCheck.query,
        queryKey: addressCheck.normalized,
        ...(advancedSearch ? { advancedSearch } : {}),
      })
      .then(() => searchActions.setRun({ state: 'idle' }))
  }

  const submit = () => {
    if (billed) setGuardedKey(addressCheck.normalized)
    else if (environment !== null) void runCryptoSearch(environment)
  }

  return (
    <Stack gap="sm" maw={1100} data-testid="search-screen">
      <div>
        <ScreenTitle>Crypto AML search</ScreenTitle>
        <Text size="sm" c="dimmed">
          Screen a wallet identifier against sanctions, PEP, crime and other lists
        </Text>
      </div>
      <SearchForm
        addressCheck={addressCheck}
        billed={billed}
        samples={environment === 'local' ? <SampleWallets /> : undefined}
        onSubmit={submit}
        onCancel={() => void cancelCryptoSearch()}
      />
      {run.state === 'failed' && (
        <SearchErrorNotice run={run} onRetry={submit} onQueue={queue} billed={billed} />
      )}
      <OutboxPanel kind="cryptoCheck" />
      {shown && <CheckRecordView record={shown} />}
      {run.state === 'idle' && (
        <Text size="sm" c="dimmed" data-testid="search-results-empty">
          No result yet: enter a wallet identifier above and run the check; its result shows here
          and stays in History.
        </Text>
      )}
      <BilledCheckGuard
        queryKey={guardedKey}
        onClose={() => setGuardedKey(null)}
        onShowEarlier={(localId) => {
          setGuardedKey(null)
          searchActions.showCheck(localId)
        }}
        onConfirm={() => {
          setGuardedKey(null)
          if (environment !== null) void runCryptoSearch(environment)
        }}
      />
    </Stack>
  )
}
