import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react'
import { addressChainNames, type AddressCheck } from '../../../../shared/address'

/** What the app makes of the identifier before anything is sent (and possibly billed). */
export function AddressCheckLine({ check }: { check: AddressCheck }) {
  if (check.normalized === '') return null
  if (!check.valid) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="address-check" data-state="invalid">
        <ThemeIcon size="sm" color="red" variant="light">
          <IconAlertTriangle size={14} />
        </ThemeIcon>
        <Text size="sm" c="red.8">
          {check.reason} Nothing has been sent.
        </Text>
      </Group>
    )
  }
  if (check.chain === null) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="address-check" data-state="unrecognised">
        <ThemeIcon size="sm" color="gray" variant="light">
          <IconHelpCircle size={14} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {check.reason}
        </Text>
      </Group>
    )
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="address-check" data-state="valid">
      <ThemeIcon size="sm" color="teal" variant="light">
        <IconCircleCheck size={14} />
      </ThemeIcon>
      <Text size="sm" c="teal.8">
        {addressChainNames[check.chain]} address, checksum verified.
      </Text>
    </Group>
  )
}
