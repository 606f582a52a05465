import { countOf, noun } from '../../../../shared/text/counting'

/** "20,000 checks, 1,000 cases and 8,212 other records", from rows per table. */
export function describeRows(rows: Record<string, number>): string {
  const { checks = 0, cases = 0, ...others } = rows
  const other = Object.values(others).reduce((sum, count) => sum + count, 0)
  return `${countOf(checks, noun('check'))}, ${countOf(cases, noun('case'))} and ${countOf(other, noun('other record'))}`
}

export const hasRows = (rows: Record<string, number>): boolean =>
  Object.values(rows).some((count) => count > 0)
