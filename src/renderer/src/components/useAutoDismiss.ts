import { useEffect, useRef, useState } from 'react'

/** How long a notice of something that went well stays: long enough to read, never in the way. */
export const successNoticeMs = 8_000

/**
 * Dismisses a notice `ms` after `shown` (an identity of what it says) appears, unless the pointer
 * or the focus is on it, in which case the wait starts again when they leave. For notices of
 * success only: an error stays until the person dismisses it. Returns the handlers to spread on
 * the notice.
 */
export function useAutoDismiss(shown: string | null, dismiss: () => void, ms = successNoticeMs) {
  const [held, setHeld] = useState(false)
  const latest = useRef(dismiss)
  useEffect(() => {
    latest.current = dismiss
  })
  useEffect(() => {
    if (shown === null || held) return
    const timer = setTimeout(() => latest.current(), ms)
    return () => clearTimeout(timer)
  }, [shown, held, ms])
  return {
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: () => setHeld(false),
  }
}
