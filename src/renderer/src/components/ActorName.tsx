import { Text, type TextProps } from '@mantine/core'
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
      title={`${actor.name} <${actor.email}>, ${actor.organisation} · key ${actor.fingerprint}`}
      data-testid="actor"
    >
      {actor.name}
    </Text>
  )
}
