import { describe, expect, it, vi } from 'vitest'
import { installHistoryShortcuts } from './historyShortcuts'

const key = (init: { key: string; altKey?: boolean; ctrlKey?: boolean; shiftKey?: boolean }) =>
  Object.assign(new Event('keydown', { cancelable: true }), {
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...init,
  })
const mouse = (button: number) =>
  Object.assign(new Event('mouseup', { cancelable: true }), { button })

const electronWindow = () =>
  Object.assign(new EventTarget(), { complianceDesk: {} }) as unknown as Window
const fakeHistory = () => ({ back: vi.fn(), forward: vi.fn() })

describe('Back and Forward in Electron', () => {
  it('goes back on Alt+← and the mouse’s back button, forward on Alt+→ and its forward button', () => {
    const target = electronWindow()
    const history = fakeHistory()
    installHistoryShortcuts(target, history)

    const altLeft = key({ key: 'ArrowLeft', altKey: true })
    target.dispatchEvent(altLeft)
    target.dispatchEvent(mouse(3))
    target.dispatchEvent(key({ key: 'ArrowRight', altKey: true }))
    target.dispatchEvent(mouse(4))

    expect(history.back).toHaveBeenCalledTimes(2)
    expect(history.forward).toHaveBeenCalledTimes(2)
    expect(altLeft.defaultPrevented).toBe(true)
  })

  it('leaves other keys and buttons alone: plain arrows move the caret, Ctrl+Alt is another shortcut', () => {
    const target = electronWindow()
    const history = fakeHistory()
    installHistoryShortcuts(target, history)

    const plainLeft = key({ key: 'ArrowLeft' })
    target.dispatchEvent(plainLeft)
    target.dispatchEvent(key({ key: 'ArrowLeft', altKey: true, ctrlKey: true }))
    target.dispatchEvent(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }))
    target.dispatchEvent(mouse(0))
    target.dispatchEvent(mouse(1))

    expect(history.back).not.toHaveBeenCalled()
    expect(history.forward).not.toHaveBeenCalled()
    expect(plainLeft.defaultPrevented).toBe(false)
  })

  it('is not installed in a browser, which already has these shortcuts (it would go back twice)', () => {
    const target = new EventTarget() as unknown as Window
    const history = fakeHistory()
    installHistoryShortcuts(target, history)
    target.dispatchEvent(key({ key: 'ArrowLeft', altKey: true }))
    expect(history.back).not.toHaveBeenCalled()
  })

  it('stops when removed', () => {
    const target = electronWindow()
    const history = fakeHistory()
    installHistoryShortcuts(target, history)()
    target.dispatchEvent(mouse(3))
    expect(history.back).not.toHaveBeenCalled()
  })
})
