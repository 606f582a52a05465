import { apiErrorNames } from '../shared/api/apiErrorNames'
import { randomBytes } from 'node:crypto'
import { SandboxHttpError } from './sandboxEnvelopes'
import type { CheckRequester } from './crypto/cryptoSearchRoute'
import type { EntityStore } from './entityStore'
import type { SandboxEnvironmentInfo } from './sandboxServer'

/** Requests per second per workspace when none is given; the spec shows no number. */
export const defaultRateLimitPerSecond = 50
/** Production balance, in checks, when none is given. */
export const defaultProductionBalance = 100

/** A fixed one-second window: simple, and Retry-After is always a whole number of seconds. */
export class RateLimiter {
  private windowStart = 0
  private count = 0

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  admit(): void {
    const now = this.clock()
    if (now - this.windowStart >= 1000) {
      this.windowStart = now
      this.count = 0
    }
    this.count += 1
    if (this.count > this.perSecond) {
      const retryAfterS = Math.max(1, Math.ceil((this.windowStart + 1000 - now) / 1000))
      throw new SandboxHttpError(429, apiErrorNames.rateLimited, 'Too many requests', {
        'retry-after': String(retryAfterS),
      })
    }
  }
}

/** Production checks draw on the balance; sandbox checks are free but still counted. */
export class CheckBilling {
  billedChecks = 0
  freeChecks = 0

  constructor(
    private readonly billed: boolean,
    public balance: number,
  ) {}

  ensureFunds(): void {
    if (this.billed && this.balance <= 0) {
      throw new SandboxHttpError(402, apiErrorNames.paymentRequired, 'Insufficient fund')
    }
  }

  recordCheck(): void {
    if (this.billed) {
      this.balance -= 1
      this.billedChecks += 1
    } else {
      this.freeChecks += 1
    }
  }
}

export interface Workspace {
  info: SandboxEnvironmentInfo
  entities: EntityStore
  rateLimiter: RateLimiter
  billing: CheckBilling
  requester: CheckRequester
}

const hexId = (): string => randomBytes(12).toString('hex')

export const syntheticRequester = (): CheckRequester => ({
  businessId: hexId(),
  user: { id: hexId(), firstName: 'Sandbox', lastName: 'Investigator', middleName: '' },
})
