import { Alert, Checkbox, List, ScrollArea, Text } from '@mantine/core'
import type { BulkPlan } from '../../../../shared/bulk/bulkPlan'
import { countOf, noun } from '../../../../shared/text/counting'
import { bulkActions, useBulkStore } from './store'

/** Lines listed at most; the rest are counted (and are in the results file with their reasons). */
const listed = 50
const listHeight = 180

const more = (count: number) =>
  count > listed ? (
    <Text size="sm" mt={4}>
      and {countOf(count - listed, noun('more line'))}.
    </Text>
  ) : null

/**
 * The lines that are not sent as they stand, by line: values that are no known address (sent
 * only when the user ticks the box) and invalid lines (never sent).
 */
export function BulkSetAside({ plan }: { plan: BulkPlan }) {
  const excludeInvalid = useBulkStore((state) => state.excludeInvalid)
  const sendUnrecognised = useBulkStore((state) => state.sendUnrecognised)
  const values = plan.unrecognisedValues
  return (
    <>
      {plan.unrecognised.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title="Values that are no address the app recognises"
          data-testid="bulk-unrecognised"
        >
          <Text size="sm" mb={6}>
            They are not sent unless you choose to: the service may know an identifier the app does
            not, but most such values are typing mistakes or other columns.
          </Text>
          <ScrollArea.Autosize mah={listHeight} type="auto">
            <List size="sm" spacing={2}>
              {plan.unrecognised.slice(0, listed).map((row) => (
                <List.Item key={row.row} data-testid="bulk-unrecognised-row">
                  Line {row.line}:{' '}
                  <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                    {row.value}
                  </Text>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {more(plan.unrecognised.length)}
          <Checkbox
            mt="sm"
            label={`Send ${countOf(values, noun('unrecognised value'))} as ${values === 1 ? 'it is' : 'they are'}`}
            description="Each is one more check, billed in Production."
            checked={sendUnrecognised}
            onChange={(event) => bulkActions.setSendUnrecognised(event.currentTarget.checked)}
            data-testid="bulk-send-unrecognised"
          />
        </Alert>
      )}
      {plan.invalid.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title="Lines that will not be checked"
          data-testid="bulk-invalid"
        >
          <ScrollArea.Autosize mah={listHeight} type="auto">
            <List size="sm" spacing={2}>
              {plan.invalid.slice(0, listed).map((row) => (
                <List.Item key={row.row} data-testid="bulk-invalid-row">
                  Line {row.line}:{' '}
                  <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                    {row.address || '(empty)'}
                  </Text>{' '}
                  — {row.reason}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {more(plan.invalid.length)}
          <Checkbox
            mt="sm"
            label="Leave invalid lines out of the results file"
            checked={excludeInvalid}
            onChange={(event) => bulkActions.setExcludeInvalid(event.currentTarget.checked)}
            data-testid="bulk-exclude-invalid"
          />
        </Alert>
      )}
    </>
  )
}
