import { vi } from 'vitest'
import { bridgeMethods, type BridgeHandlers } from '../shared/bridge'

/**
 * For tests: a handler map whose every method is a spy that fails unless overridden, so a test
 * states exactly which methods it expects to be reached.
 */
export function fakeBridgeHandlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  const handlers = Object.fromEntries(
    bridgeMethods.map((method) => [
      method,
      vi.fn(() => Promise.reject(new Error(`${method} is not used in this test`))),
    ]),
  ) as unknown as BridgeHandlers
  for (const [method, handler] of Object.entries(overrides)) {
    Object.assign(handlers, { [method]: vi.fn(handler) })
  }
  return handlers
}

/** The smallest settings the main side may answer, for a test whose call needs some answer. */
export const minimalSettingsView = {
  activeEnvironment: 'local' as const,
  keyStorage: { kind: 'session-only' as const, detail: 'test' },
  environments: [],
}
