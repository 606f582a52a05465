import { Center, Group, ScrollArea, Text } from '@mantine/core'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { appDatabase } from '../../db/appDatabase'
import { shellSelectors, useShellStore } from '../shell/store'
import { CaseDetail } from './CaseDetail'
import { CaseList } from './CaseList'
import { NewCaseModal } from './NewCaseModal'
import { useCasesStore } from './store'

export function CasesScreen() {
  const openCaseId = useCasesStore((state) => state.openCaseId)
  const environment = useShellStore(shellSelectors.activeEnvironment)
  const [creating, setCreating] = useState(false)
  const caseRecord = useLiveQuery(
    async () => (openCaseId ? ((await appDatabase.cases.get(openCaseId)) ?? null) : null),
    [openCaseId],
  )
  return (
    <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      <CaseList onNewCase={() => setCreating(true)} />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {caseRecord && environment ? (
          <CaseDetail caseRecord={caseRecord} environment={environment} />
        ) : (
          <Center h={240}>
            <Text c="dimmed" size="sm">
              {caseRecord === null && openCaseId
                ? 'This case is no longer on this computer.'
                : 'Choose a case, or create one to start an investigation file.'}
            </Text>
          </Center>
        )}
      </ScrollArea>
      <NewCaseModal opened={creating} onClose={() => setCreating(false)} />
    </Group>
  )
}
