import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ButtonLink } from './RouterLinks'

/** The way back from a record to its list, as a link the browser's history knows. */
export function BackLink({ to, children }: { to: '/history' | '/entities'; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="default" size="xs" leftSection={<IconArrowLeft size={14} />}>
      {children}
    </ButtonLink>
  )
}
