import { Text } from '@mantine/core'
import { Fragment } from 'react'
import { accountOf, type BulkAccount, type BulkPlan } from '../../../../shared/bulk/bulkPlan'
import type { BulkTable } from '../../../../shared/bulk/bulkTable'
import { countOf, formatNumber, noun, type Noun } from '../../../../shared/text/counting'

/** The parts of a list's lines, in the order a reader looks for them. */
const parts: ReadonlyArray<{ key: keyof Omit<BulkAccount, 'lines'>; word: Noun; always?: true }> = [
  { key: 'screened', word: noun('address to screen', 'addresses to screen'), always: true },
  { key: 'duplicate', word: noun('duplicate of an earlier line', 'duplicates of earlier lines') },
  { key: 'invalid', word: noun('invalid line'), always: true },
  { key: 'unrecognised', word: noun('unrecognised value'), always: true },
  { key: 'header', word: noun('header line') },
  { key: 'blank', word: noun('blank line') },
  { key: 'continued', word: noun('line inside a quoted cell', 'lines inside quoted cells') },
]

/**
 * What becomes of every line of the list, so the reader can see that none went missing: the
 * parts add up to the lines read.
 */
export function BulkAccounting({ table, plan }: { table: BulkTable; plan: BulkPlan }) {
  const account = accountOf(table, plan)
  const shown = parts.filter((part) => part.always || account[part.key] > 0)
  const sent = plan.checks.length
  return (
    <>
      <Text size="sm" data-testid="bulk-accounting" data-lines={account.lines}>
        <Text span size="sm" fw={600}>
          {countOf(account.lines, noun('line'))}
        </Text>{' '}
        ={' '}
        {shown.map((part, index) => (
          <Fragment key={part.key}>
            {index > 0 ? ' + ' : ''}
            {/* A part is never broken over two lines: the sum reads as a list of terms. */}
            <Text
              span
              size="sm"
              data-testid={`bulk-account-${part.key}`}
              data-count={account[part.key]}
              style={{ whiteSpace: 'nowrap' }}
            >
              {countOf(account[part.key], part.word)}
            </Text>
          </Fragment>
        ))}
      </Text>
      <Text size="sm" data-testid="bulk-plan-summary">
        {countOf(sent, noun('unique address', 'unique addresses'))} to check
        {plan.sendsUnrecognised && plan.unrecognisedValues > 0
          ? ` (${formatNumber(plan.unrecognisedValues)} of them unrecognised, sent as they are)`
          : ''}
        ; {countOf(plan.duplicateCount, noun('duplicate row'))}{' '}
        {plan.duplicateCount === 1 ? 'shares' : 'share'} a check with an earlier row;{' '}
        {countOf(plan.invalid.length, noun('invalid row'))}.
      </Text>
    </>
  )
}
