import { Badge, Group, Tooltip } from '@mantine/core'
import type { EnvironmentSettings } from '../../../shared/bridge/settingsContract'

const environmentColors = { local: 'teal', sandbox: 'blue', production: 'red' } as const

/** The active environment, always visible: Production is billed, the Local sandbox is test data. */
export function EnvironmentBadge({ environment }: { environment: EnvironmentSettings }) {
  const note =
    environment.id === 'local'
      ? 'Built-in local sandbox with test data; nothing leaves this machine.'
      : environment.id === 'production'
        ? 'Production: real checks, billed to your account.'
        : 'Sandbox: test data, not billed.'
  return (
    <Tooltip
      label={`${note}${environment.baseUrl ? ` ${environment.baseUrl}` : ''}`}
      multiline
      w={300}
    >
      <Group gap={6} data-testid="active-environment">
        <Badge color={environmentColors[environment.id]} variant="filled" size="lg" radius="sm">
          {environment.label}
        </Badge>
        {environment.id === 'local' && (
          <Badge color="teal" variant="outline" size="sm" radius="sm">
            test data
          </Badge>
        )}
        {environment.id === 'production' && (
          <Badge color="red" variant="outline" size="sm" radius="sm">
            billed
          </Badge>
        )}
      </Group>
    </Tooltip>
  )
}
