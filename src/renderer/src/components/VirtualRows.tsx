import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A list of equal rows of which only those in view (and `overscan` more) are in the DOM: the
 * scroller to attach, the rows to draw, and the first and number of them (to read only their
 * records).
 */
export function useVirtualRows(count: number, rowHeight: number, overscan = 8) {
  const scroller = useRef<HTMLDivElement>(null)
  // The React Compiler cannot memoise around this hook; the app is not compiled with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
  })
  // Rows already placed keep the height they were placed with until measured again.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])
  const items = virtualizer.getVirtualItems()
  return {
    scroller,
    items,
    first: items[0]?.index ?? 0,
    totalSize: virtualizer.getTotalSize(),
  }
}

/** One drawn row, placed where it belongs in the list's full height. */
export function VirtualRow({ start, children }: { start: number; children: ReactNode }) {
  return (
    <div
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        transform: `translateY(${start}px)`,
      }}
    >
      {children}
    </div>
  )
}

/** The full height of the list, in which the drawn rows are placed. */
export function VirtualRowsBody({ height, children }: { height: number; children: ReactNode }) {
  return <div style={{ height, position: 'relative' }}>{children}</div>
}
