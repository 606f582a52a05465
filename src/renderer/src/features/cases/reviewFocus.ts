/**
 * Where the keyboard goes once a decision is saved: to the next hit still to decide, so that a
 * review is Tab-free (decide, save, decide…), never back to the page's body. DOM order is reading
 * order; past the last hit it wraps to the first. Hits just decided (`decided`, by `decideKey`) are
 * skipped, since their rows still read "undecided" until the saved decision is read back.
 */
export function focusNextToDecide(from: HTMLElement, decided: ReadonlySet<string>): boolean {
  const panel = from.closest('[data-testid="case-review"]') ?? from.ownerDocument
  const waiting = [...panel.querySelectorAll<HTMLElement>('[data-to-decide="true"]')].filter(
    (control) => !decided.has(control.dataset.decideKey ?? ''),
  )
  const next =
    waiting.find(
      (control) => from.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING,
    ) ?? waiting[0]
  next?.focus()
  return next !== undefined
}

/** What tells a hit's decide control from every other in the case: its check and its hit key. */
export const decideKey = (checkId: string, hitKey: string): string => `${checkId}|${hitKey}`
