import { Text, type TextProps } from '@mantine/core'
import { escapeForDisplay as shown } from '../../../shared/text/escapeForDisplay'
import type { Actor } from '../../../shared/identity/investigator'

/** Who did something, with their e-mail and organisation on hover; older records say it was not kept. */
export function ActorName({ actor, ...textProps }: { actor: Actor | undefined } & TextProps) {
  if (!actor) {
    return (
      <Text span c="dimmed" fs="italic" {...textProps} data-testid="actor">
        who: not recorded
      </Text>
    )
  }
  return (
    <Text
      span
      {...textProps}
      title={shown(
        `${actor.name} <${actor.email}>, ${actor.organisation} · key ${actor.fingerprint}`,
      )}
      data-testid="actor"
    >
      {shown(actor.name)}
    </Text>
  )
}
