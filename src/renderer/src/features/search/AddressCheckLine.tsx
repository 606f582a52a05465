import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react'
import { addressChainNames, type AddressCheck } from '../../../../shared/address'

const looks = {
  invalid: { color: 'red', text: 'red', icon: IconAlertTriangle },
  unrecognised: { color: 'gray', text: 'dimmed', icon: IconHelpCircle },
  valid: { color: 'teal', text: 'teal', icon: IconCircleCheck },
} as const

/** What the app makes of the identifier before anything is sent (and possibly billed). */
export function AddressCheckLine({ check }: { check: AddressCheck }) {
  if (check.normalized === '') return null
  const state = !check.valid ? 'invalid' : check.chain === null ? 'unrecognised' : 'valid'
  const message =
    state === 'invalid'
      ? `${check.reason} Nothing has been sent.`
      : check.chain === null
        ? check.reason
        : `${addressChainNames[check.chain]} address, checksum verified.`
  const { color, text, icon: Icon } = looks[state]
  return (
    <Group gap={6} wrap="nowrap" data-testid="address-check" data-state={state}>
      <ThemeIcon size="sm" color={color} variant="light">
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" c={text}>
        {message}
      </Text>
    </Group>
  )
}
