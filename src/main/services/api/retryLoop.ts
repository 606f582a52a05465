import type { AnsweredAttempt, AttemptResult } from './apiAttempt'
import { cancelled } from './apiErrors'
import type { Verdict } from './classifyAttempt'
import { decideRetry, type RetryPolicy } from './retryPolicy'

/** Waits `ms`; resolves false at once if the signal aborts first. */
export type Pause = (ms: number, signal: AbortSignal | undefined) => Promise<boolean>

export const pause: Pause = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

export interface RetryLoopOptions {
  attempt: () => Promise<AttemptResult>
  classify: (result: AttemptResult) => Verdict
  policy: RetryPolicy
  signal?: AbortSignal
  pause?: Pause
  random?: () => number
}

export interface Delivered {
  data: unknown
  links: unknown[]
  answer: AnsweredAttempt
  attempts: number
}

/**
 * Sends until an attempt is classified as delivered, final or of unknown outcome, or the policy
 * stops it. The failure thrown says the request may have reached the service if any attempt may
 * have: a last "connection refused" does not undo an earlier timeout.
 */
export async function sendWithRetries(options: RetryLoopOptions): Promise<Delivered> {
  const wait = options.pause ?? pause
  let reached = false
  for (let attempt = 1; ; attempt += 1) {
    const verdict = options.classify(await options.attempt())
    if (verdict.verdict === 'ok') {
      const { data, links, answer } = verdict
      return { data, links, answer, attempts: attempt }
    }
    const error = verdict.error.reachedEarlier(reached)
    reached = error.mayHaveReachedService
    if (verdict.verdict !== 'retry') throw error
    const decision = decideRetry(verdict.wait, attempt, options.policy, options.random)
    if (!decision.retry) throw error
    if (!(await wait(decision.delayMs, options.signal))) throw cancelled(reached)
  }
}
