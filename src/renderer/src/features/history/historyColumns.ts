/**
 * History's columns, shared by its header and its rows. The identifier comes first and stays in
 * view when the table scrolls sideways; the others keep their widths, so none ever collapses. Where
 * they do not all fit (a laptop's screen), the environment, categories and cases fold into a
 * second line of each row rather than off-screen.
 */
export const historyColumns = {
  identifier: 220,
  fetched: 170,
  environment: 130,
  status: 160,
  matches: 60,
  categories: 190,
  cases: 200,
} as const

const gap = 12
const padding = 24

const widthOf = (columns: readonly number[]): number =>
  columns.reduce((sum, width) => sum + width, 0) + gap * (columns.length - 1) + padding

/** Below this width the environment, categories and cases fold into a second line of each row. */
export const historyTableWidth = widthOf(Object.values(historyColumns))

/** The first line of a folded row; below this the table scrolls sideways (never at 1024 px). */
export const foldedTableWidth = widthOf([
  historyColumns.identifier,
  historyColumns.fetched,
  historyColumns.status,
  historyColumns.matches,
])

/** A row's height, on one line or folded on two. */
export const historyRowHeights = { single: 44, folded: 66 } as const

/** The identifier cell: kept in view at the left edge, opaque so others pass under it. */
export const stickyIdentifier = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  flex: 1,
  minWidth: historyColumns.identifier,
  alignSelf: 'stretch',
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  paddingLeft: 'var(--mantine-spacing-sm)',
} as const
