import { Modal, Stack, Text } from '@mantine/core'
import { Fragment, useState } from 'react'
import type { ExportedCheck } from '../../../../shared/bridge/evidenceContract'
import { middleEllipsis } from '../../../../shared/text/middleEllipsis'
import type { UnlinkingEffect } from '../../../../shared/cases/caseReview'
import { formatLocalDateTime } from '../../components/formatTime'
import { ModalActions } from '../../components/ModalActions'
import { caseErrorMessage } from './caseErrorMessage'
import { unlinkingSentences } from './unlinkingWords'

/**
 * Asks before a check leaves the case: Unlink withdraws its decisions, so a key pressed once too
 * often must not do it. The dialog's first control closes it, so a second press of the key that
 * opened it changes nothing. The caller says where the keyboard goes when it closes, unlinked or not.
 */
export function UnlinkCheckModal({
  check,
  effect,
  onUnlink,
  onClose,
}: {
  check: ExportedCheck
  /** What unlinking withdraws, and what stays. */
  effect: UnlinkingEffect<unknown>
  onUnlink: () => Promise<void>
  onClose: () => void
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const unlink = async () => {
    if (busy) return
    setBusy(true)
    setFailure(null)
    try {
      await onUnlink()
    } catch (error) {
      setFailure(caseErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title="Unlink this check?" returnFocus={false}>
      <Stack gap="sm" data-testid="unlink-check-dialog">
        <Text size="sm">
          The check of <b>{middleEllipsis(check.query)}</b> made{' '}
          {formatLocalDateTime(check.fetchedAt)} leaves the case.
        </Text>
        <Text size="sm">
          {unlinkingSentences(effect).map((sentence) => (
            <Fragment key={sentence}>
              <span data-testid="unlink-check-effect">{sentence}</span>{' '}
            </Fragment>
          ))}
          The trail keeps it, and you can undo it.
        </Text>
        <ModalActions
          failure={failure}
          onCancel={onClose}
          cancelLabel="Keep it"
          confirm={{
            label: 'Unlink',
            color: 'red',
            onClick: () => void unlink(),
            testId: 'unlink-check-confirm',
          }}
        />
      </Stack>
    </Modal>
  )
}
