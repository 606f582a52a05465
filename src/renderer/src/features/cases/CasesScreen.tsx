import { Center, Group, ScrollArea, Text } from '@mantine/core'
import { useState } from 'react'
import { useCase } from '../../data/cases/caseQueries'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import { CaseDetail } from './CaseDetail'
import { CaseList } from './CaseList'
import { NewCaseModal } from './NewCaseModal'

/** The case list beside the case at `caseId` (none when null). */
export function CasesScreen({ caseId: openCaseId }: { caseId: string | null }) {
  const environment = useActiveEnvironment()
  const [creating, setCreating] = useState(false)
  const caseRecord = useCase(openCaseId)
  return (
    <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      <CaseList openCaseId={openCaseId} onNewCase={() => setCreating(true)} />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {caseRecord && environment ? (
          <CaseDetail key={caseRecord.id} caseRecord={caseRecord} environment={environment} />
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
