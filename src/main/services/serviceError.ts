import type { BridgeError, BridgeErrorName } from '../../shared/bridge'
import type { Evidence } from '../../shared/bridge/evidenceSchema'

export interface ServiceErrorDetails {
  /** Required: every failure states whether the service may have acted on the request. */
  mayHaveReachedService: boolean
  status?: number
  retryAfterS?: number
  /** What the service answered, when it answered at all. */
  evidence?: Evidence
}

/**
 * A failure a person can act on: its name is stable for code to branch on, its message is a
 * sentence with the next step. Anything else thrown by a service is a bug and is reported as such.
 */
export class ServiceError extends Error {
  override readonly name: BridgeErrorName
  readonly status: number | undefined
  readonly retryAfterS: number | undefined
  readonly mayHaveReachedService: boolean
  readonly evidence: Evidence | undefined

  constructor(
    name: BridgeErrorName,
    message: string,
    details: ServiceErrorDetails,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = name
    this.status = details.status
    this.retryAfterS = details.retryAfterS
    this.mayHaveReachedService = details.mayHaveReachedService
    this.evidence = details.evidence
  }

  /** The same failure, known to have maybe reached the service through an earlier attempt. */
  reachedEarlier(earlier: boolean): ServiceError {
    if (!earlier || this.mayHaveReachedService) return this
    return new ServiceError(this.name, this.message, {
      ...this.details(),
      mayHaveReachedService: true,
    })
  }

  /** The same failure, with the answer that came back kept as evidence. */
  withEvidence(evidence: Evidence): ServiceError {
    return new ServiceError(this.name, this.message, { ...this.details(), evidence })
  }

  toBridgeError(): BridgeError {
    return { name: this.name, message: this.message, ...this.details() }
  }

  private details(): ServiceErrorDetails {
    return {
      mayHaveReachedService: this.mayHaveReachedService,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.retryAfterS === undefined ? {} : { retryAfterS: this.retryAfterS }),
      ...(this.evidence === undefined ? {} : { evidence: this.evidence }),
    }
  }
}
