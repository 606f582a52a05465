import type { SandboxEnvironmentName } from './sandboxServer'

/**
 * Faults a test can ask for, off by default. rateLimit, serverError, htmlErrorPage and
 * resetBeforeProcessing answer without processing the request; delay, resetAfterProcessing,
 * malformedJson and incompleteEnvelope process it (a production check is billed) and then
 * delay or break the answer.
 */
export type SandboxFault =
  | { kind: 'delay'; ms: number }
  | { kind: 'rateLimit'; retryAfterS: number }
  | { kind: 'serverError'; status?: 500 | 502 | 503 }
  | { kind: 'htmlErrorPage' }
  | { kind: 'resetBeforeProcessing' }
  | { kind: 'resetAfterProcessing' }
  | { kind: 'malformedJson' }
  | { kind: 'incompleteEnvelope' }

export interface FaultTarget {
  /** How many matching requests get the fault (default 1). */
  times?: number
  /** Only requests whose path starts with this. */
  pathPrefix?: string
  environment?: SandboxEnvironmentName
}

interface ScheduledFault {
  fault: SandboxFault
  remaining: number
  pathPrefix: string
  environment: SandboxEnvironmentName | undefined
}

export class FaultSchedule {
  private scheduled: ScheduledFault[] = []

  inject(fault: SandboxFault, target: FaultTarget = {}): void {
    this.scheduled.push({
      fault,
      remaining: target.times ?? 1,
      pathPrefix: target.pathPrefix ?? '/',
      environment: target.environment,
    })
  }

  clear(): void {
    this.scheduled = []
  }

  /** The first fault that applies to this request, used up by one. */
  take(environment: SandboxEnvironmentName, path: string): SandboxFault | undefined {
    const match = this.scheduled.find(
      (entry) =>
        entry.remaining > 0 &&
        path.startsWith(entry.pathPrefix) &&
        (entry.environment === undefined || entry.environment === environment),
    )
    if (!match) return undefined
    match.remaining -= 1
    this.scheduled = this.scheduled.filter((entry) => entry.remaining > 0)
    return match.fault
  }
}
