import { Box, Center, Group, ScrollArea, Stack, Text } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { AnchorLink } from '../../components/RouterLinks'
import { useState } from 'react'
import { useCase } from '../../data/cases/caseQueries'
import { useActiveEnvironment } from '../../data/settings/settingsQueries'
import type { CaseSearch } from './caseAddress'
import { CaseDetail } from './CaseDetail'
import { CaseList } from './CaseList'
import { NewCaseModal } from './NewCaseModal'

/**
 * The case list beside the case at `caseId` (none when null). On a narrow window (a 1024-pixel
 * laptop) an open case has the width to itself, so its first hit is in view without scrolling;
 * a link leads back to the list.
 */
export function CasesScreen({
  caseId: openCaseId,
  search,
}: {
  caseId: string | null
  search: CaseSearch
}) {
  const environment = useActiveEnvironment()
  const [creating, setCreating] = useState(false)
  const caseRecord = useCase(openCaseId)
  return (
    <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      <Box visibleFrom={openCaseId ? 'lg' : undefined} h="100%">
        <CaseList openCaseId={openCaseId} onNewCase={() => setCreating(true)} />
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {caseRecord && environment ? (
          <Stack gap={4}>
            <AnchorLink to="/cases" size="sm" hiddenFrom="lg" data-testid="case-back-to-list">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} /> All cases
              </Group>
            </AnchorLink>
            <CaseDetail
              key={caseRecord.id}
              caseRecord={caseRecord}
              environment={environment}
              search={search}
            />
          </Stack>
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
