export interface PacedReads {
  /** Something changed: read again, now or as soon as the pace allows. */
  ask: () => void
  /** No more reads after the one under way (if any). */
  stop: () => void
}

/**
 * Runs `read` when asked, one at a time and at least `spacingMs` apart. A change on its own is
 * read at once; changes that come while a read runs or during the spacing after it are answered
 * by one read after, so the last change is always read, never one read each. A running bulk job
 * changes its tables a hundred times a second (its progress and History's selection are read
 * this way). `read` handles its own failures.
 */
export function pacedReads(
  read: () => Promise<void>,
  {
    spacingMs,
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: { spacingMs: number; wait?: (ms: number) => Promise<void> },
): PacedReads {
  let asked = false
  let reading = false
  let stopped = false
  const readWhileAsked = async (): Promise<void> => {
    reading = true
    try {
      while (asked && !stopped) {
        asked = false
        await read()
        await wait(spacingMs)
      }
    } finally {
      reading = false
    }
  }
  return {
    ask: () => {
      asked = true
      if (!reading) void readWhileAsked()
    },
    stop: () => {
      stopped = true
    },
  }
}
