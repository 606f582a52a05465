import { bridgeGlobalName } from '../../../shared/bridge'

type Step = 'back' | 'forward'

/** Alt+← / Alt+→, as browsers have them. */
function keyStep(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'key'>,
): Step | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null
  return event.key === 'ArrowLeft' ? 'back' : event.key === 'ArrowRight' ? 'forward' : null
}

/** A mouse's back (4th) and forward (5th) buttons. */
const mouseStep = (event: Pick<MouseEvent, 'button'>): Step | null =>
  event.button === 3 ? 'back' : event.button === 4 ? 'forward' : null

interface HistoryWindow {
  addEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void): void
  addEventListener(type: 'mouseup', listener: (event: MouseEvent) => void): void
  removeEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void): void
  removeEventListener(type: 'mouseup', listener: (event: MouseEvent) => void): void
}

/**
 * Back and Forward from the keyboard and the mouse. A browser does this itself, so only a window
 * with the Electron bridge (which has no browser chrome) gets the handlers; returns their removal.
 */
export function installHistoryShortcuts(
  target: HistoryWindow & { [bridgeGlobalName]?: unknown },
  history: { back(): void; forward(): void },
): () => void {
  if (target[bridgeGlobalName] === undefined) return () => undefined
  const go = (step: Step | null, event: Event) => {
    if (step === null) return
    event.preventDefault()
    history[step]()
  }
  const onKey = (event: KeyboardEvent) => go(keyStep(event), event)
  const onMouse = (event: MouseEvent) => go(mouseStep(event), event)
  target.addEventListener('keydown', onKey)
  target.addEventListener('mouseup', onMouse)
  return () => {
    target.removeEventListener('keydown', onKey)
    target.removeEventListener('mouseup', onMouse)
  }
}
