/**
 * An identifier shortened in its middle: its start and its end are what people compare, so both
 * stay. Short enough values are returned whole; the cut never leaves less than it removes.
 */
export function middleEllipsis(value: string, head = 10, tail = 8): string {
  const chars = [...value]
  if (chars.length <= head + tail + 3) return value
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`
}
