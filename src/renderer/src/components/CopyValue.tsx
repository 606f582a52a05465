import { ActionIcon, CopyButton } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'

/** A small copy button for an identifier; the tick says it was copied. Lists hold many, so no tooltip component. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          size="sm"
          onClick={(event) => {
            // Copying from a clickable row must not also open the row.
            event.stopPropagation()
            copy()
          }}
          aria-label={label}
          title={copied ? 'Copied' : label}
        >
          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
      )}
    </CopyButton>
  )
}
