import { Modal, Stack, type ModalProps } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { ModalActions } from './ModalActions'

/**
 * A dialog that is one form: its fields, then what went wrong and its one action. The form is
 * validated by the app (inline messages), never by the browser's bubbles; Enter submits it.
 */
export function FormModal({
  title,
  opened = true,
  size,
  onClose,
  onSubmit,
  failure,
  confirm,
  children,
}: {
  title: string
  opened?: boolean
  size?: ModalProps['size']
  onClose: () => void
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  failure: string | null
  confirm: { label: string; color?: string; testId: string; disabled?: boolean }
  children: ReactNode
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {children}
          <ModalActions failure={failure} onCancel={onClose} confirm={confirm} />
        </Stack>
      </form>
    </Modal>
  )
}
