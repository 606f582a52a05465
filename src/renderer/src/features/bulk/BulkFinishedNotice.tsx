import { Notification } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../../shared/text/escapeForDisplay'
import { IconCheck } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { BulkJob } from '../../../../shared/bulk/bulkJob'
import { countOf, noun } from '../../../../shared/text/counting'
import { AnchorLink } from '../../components/RouterLinks'
import { useBulkJobs } from '../../data/bulk/bulkResults'
import { useAutoDismiss } from '../../components/useAutoDismiss'

/**
 * Says so when a job this page saw running finishes or stops, whatever screen is shown: mounted
 * in the app's frame.
 */
export function BulkFinishedNotice() {
  const jobs = useBulkJobs()
  const seenRunning = useRef(new Set<string>())
  const [ended, setEnded] = useState<BulkJob | null>(null)
  useEffect(() => {
    for (const job of jobs ?? []) {
      if (job.state === 'running') seenRunning.current.add(job.id)
      else if (
        seenRunning.current.delete(job.id) &&
        (job.state === 'finished' || job.state === 'stopped')
      )
        setEnded(job)
    }
  }, [jobs])
  // A job that finished is news that goes; one that stopped stays until it is read.
  const dismissing = useAutoDismiss(ended?.state === 'finished' ? ended.id : null, () =>
    setEnded(null),
  )
  if (!ended) return null
  const finished = ended.state === 'finished'
  return (
    <Notification
      {...dismissing}
      icon={<IconCheck size={18} />}
      color={finished ? 'green' : 'red'}
      title={finished ? 'Bulk screening finished' : 'Bulk screening stopped'}
      onClose={() => setEnded(null)}
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
      role="status"
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300, maxWidth: 420 }}
      data-testid="bulk-finished"
    >
      {shown(ended.fileName)}: {countOf(ended.checkCount, noun('address', 'addresses'))},{' '}
      {countOf(ended.hitCount, noun('with hits', 'with hits'))}.{' '}
      <AnchorLink
        to="/bulk/$jobId"
        params={{ jobId: ended.id }}
        size="sm"
        onClick={() => setEnded(null)}
      >
        See the results
      </AnchorLink>
    </Notification>
  )
}
