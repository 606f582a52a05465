const localFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** Local wall-clock time for reading; callers show the UTC ISO string on hover. */
export const formatLocalDateTime = (iso: string): string => localFormat.format(new Date(iso))
export const formatLocalDate = (iso: string): string => dateFormat.format(new Date(iso))

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

export function formatAge(iso: string, now: Date = new Date()): string {
  const elapsed = new Date(iso).getTime() - now.getTime()
  for (const [unit, ms] of units) {
    if (Math.abs(elapsed) >= ms) return relativeFormat.format(Math.round(elapsed / ms), unit)
  }
  return 'just now'
}
