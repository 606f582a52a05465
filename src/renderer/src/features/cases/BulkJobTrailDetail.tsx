import { Text } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import type { AuditEntry } from '../../../../shared/cases/caseSchemas'
import { environmentLabels } from '../../../../shared/environments'
import type { BulkJobRecord } from '../../data/cases/caseBulkLink'

/** What a bulk job's entry on the trail says beyond its summary: the file's hash, who ran it, when. */
export function BulkJobTrailDetail({ entry }: { entry: AuditEntry }) {
  if (entry.action !== 'bulk-job-linked') return null
  const job = entry.after as BulkJobRecord
  return (
    <Text size="xs" c="dimmed" data-testid="audit-bulk-job">
      {environmentLabels[job.environment] ?? job.environment} · ran by{' '}
      {job.ranBy ? shown(`${job.ranBy.name} <${job.ranBy.email}>`) : 'an unnamed investigator'} ·
      started {job.startedAt}
      {job.finishedAt ? `, finished ${job.finishedAt}` : ` (${job.state})`} · file SHA-256{' '}
      <Text span ff="monospace" size="xs">
        {job.fileSha256}
      </Text>
    </Text>
  )
}
