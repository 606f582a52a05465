import { Group, Text, ThemeIcon } from '@mantine/core'
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconHelpCircle,
  IconInfoCircle,
} from '@tabler/icons-react'
import { describeAddressCheck, type AddressCheck } from '../../../../shared/address'

const looks = {
  invalid: { color: 'red', text: 'red', icon: IconAlertTriangle },
  unrecognised: { color: 'gray', text: 'dimmed', icon: IconHelpCircle },
  valid: { color: 'teal', text: 'teal', icon: IconCircleCheck },
  unguarded: { color: 'gray', text: undefined, icon: IconInfoCircle },
} as const

/**
 * What the app makes of the identifier before anything is sent (and possibly billed), and the form
 * it will be sent in when that is not what was typed (an upper-case bech32 address, a CashAddr
 * prefix), so the record's query is never a surprise.
 */
export function AddressCheckLine({ check, typed }: { check: AddressCheck; typed: string }) {
  if (check.normalized === '') return null
  const state = !check.valid ? 'invalid' : check.chain === null ? 'unrecognised' : 'valid'
  const { color, text, icon: Icon } = looks[check.withoutChecksum ? 'unguarded' : state]
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="address-check"
      data-state={state}
      data-checksum={check.withoutChecksum ? 'absent' : undefined}
    >
      <ThemeIcon size="sm" color={color} variant="light">
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" c={text}>
        {describeAddressCheck(check)}
        {check.valid && check.query !== typed.trim() && (
          <>
            {' Sent as '}
            <Text span ff="monospace" data-testid="address-sent-as">
              {check.query}
            </Text>
            .
          </>
        )}
      </Text>
    </Group>
  )
}
