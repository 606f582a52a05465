/**
 * History's columns, shared by its header and its rows. The identifier comes first and stays in
 * view when the table scrolls sideways; the others keep their widths, so none ever collapses.
 */
export const historyColumns = {
  identifier: 220,
  fetched: 170,
  environment: 130,
  status: 140,
  matches: 60,
  categories: 190,
  cases: 200,
} as const

const gap = 12
const padding = 24

/** Below this width the table scrolls sideways instead of squeezing a column. */
export const historyTableWidth =
  Object.values(historyColumns).reduce((sum, width) => sum + width, 0) +
  gap * (Object.keys(historyColumns).length - 1) +
  padding

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
