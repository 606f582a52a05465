import { vi } from 'vitest'

/** A small event emitter standing in for Electron objects that take `.on(name, listener)`. */
export const fakeEmitter = () => {
  const listeners = new Map<string, Array<(...args: unknown[]) => unknown>>()
  return {
    on: vi.fn((name: string, listener: (...args: unknown[]) => unknown) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener])
    }),
    emit: (name: string, ...args: unknown[]) =>
      (listeners.get(name) ?? []).map((listener) => listener(...args)),
  }
}
