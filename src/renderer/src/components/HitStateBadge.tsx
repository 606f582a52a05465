import { Badge } from '@mantine/core'

const colors = { true_match: 'red', to_decide: 'orange', decided: 'gray' } as const

/** Where the decisions on a case's (or a check's) hits stand, e.g. "2 to decide". */
export function HitStateBadge({ state }: { state: { kind: keyof typeof colors; label: string } }) {
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="outline"
      tt="none"
      color={colors[state.kind]}
      style={{ flexShrink: 0 }}
      data-testid="hit-state"
      data-state={state.kind}
    >
      {state.label}
    </Badge>
  )
}
