import { Button, Group, SegmentedControl, Stack, Textarea } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { hitDecisionLabels } from '../../../../shared/cases/caseLabels'
import { hitDecisionKinds, type HitDecisionKind } from '../../../../shared/cases/caseSchemas'
import { caseErrorMessage } from './caseErrorMessage'

/**
 * The choice and the rationale of a decision, saved by the caller (one hit, or a record's all).
 * It takes the keyboard when it opens (the Decide button that opened it is gone), and hands its
 * own element to `onSave`, for the caller to move the keyboard on from.
 */
export function DecisionEditor({
  initial,
  saveLabel,
  onSave,
  onCancel,
}: {
  initial?: { decision: HitDecisionKind; rationale: string }
  saveLabel: string
  onSave: (decision: HitDecisionKind, rationale: string, editor: HTMLElement) => Promise<void>
  onCancel: () => void
}) {
  const [choice, setChoice] = useState<HitDecisionKind>(initial?.decision ?? 'needs_review')
  const [rationale, setRationale] = useState(initial?.rationale ?? '')
  const [failure, setFailure] = useState<string | null>(null)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    root.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus()
  }, [])
  const save = async () => {
    if (!root.current) return
    try {
      await onSave(choice, rationale, root.current)
      setFailure(null)
    } catch (error) {
      setFailure(caseErrorMessage(error, 'The rationale'))
    }
  }
  return (
    <Stack gap={6} mt={4} ref={root}>
      <SegmentedControl
        size="xs"
        value={choice}
        onChange={(value) => setChoice(value)}
        data={hitDecisionKinds.map((value) => ({ value, label: hitDecisionLabels[value] }))}
        data-testid="hit-decision-choice"
      />
      <Textarea
        size="xs"
        aria-label="Rationale"
        placeholder="Rationale (required): why this record is or is not the subject"
        autosize
        minRows={2}
        value={rationale}
        onChange={(event) => setRationale(event.currentTarget.value)}
        error={failure}
        data-testid="hit-rationale"
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={() => void save()} data-testid="hit-save">
          {saveLabel}
        </Button>
      </Group>
    </Stack>
  )
}
