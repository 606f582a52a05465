import type { BridgeError } from '../../shared/bridge'

/**
 * A failure a person can act on: its name is stable for code to branch on, its message is a
 * sentence with the next step. Anything else thrown by a service is a bug and is reported as such.
 */
export class ServiceError extends Error {
  readonly status: number | undefined
  readonly retryAfterS: number | undefined

  constructor(
    name: string,
    message: string,
    details: { status?: number; retryAfterS?: number } = {},
  ) {
    super(message)
    this.name = name
    this.status = details.status
    this.retryAfterS = details.retryAfterS
  }

  toBridgeError(): BridgeError {
    return {
      name: this.name,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.retryAfterS === undefined ? {} : { retryAfterS: this.retryAfterS }),
    }
  }
}
