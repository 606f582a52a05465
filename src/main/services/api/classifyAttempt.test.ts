import { describe, expect, it } from 'vitest'
import type { AttemptResult } from './apiAttempt'
import { classifyAttempt, type AttemptContext } from './classifyAttempt'

const free: AttemptContext = {
  label: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1/',
  atMostOnce: false,
  billed: false,
  lookup: false,
}
const billed: AttemptContext = { ...free, label: 'Production', atMostOnce: true, billed: true }
const queued: AttemptContext = { ...free, atMostOnce: true }

const answer = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): AttemptResult => ({
  kind: 'answered',
  status,
  headers,
  bytes: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
})
const errorBody = (statusCode: number, name: string) => ({
  success: false,
  statusCode,
  name,
  message: 'm',
  data: {},
})

describe('classifyAttempt', () => {
  it('reads a success envelope as delivered, with its data and links', () => {
    const result = answer(200, { success: true, status_code: 200, data: { id: 'x' }, links: [1] })
    expect(classifyAttempt(result, billed)).toMatchObject({
      verdict: 'ok',
      data: { id: 'x' },
      links: [1],
      answer: { status: 200 },
    })
  })

  it('repeats what never left, whatever the request, saying nothing reached the service', () => {
    for (const context of [free, billed]) {
      const verdict = classifyAttempt({ kind: 'noAnswer', cause: 'network', sent: false }, context)
      expect(verdict).toMatchObject({ verdict: 'retry', wait: { kind: 'backoff' } })
      if (verdict.verdict !== 'retry') return
      expect(verdict.error).toMatchObject({
        name: 'ServiceUnreachableError',
        mayHaveReachedService: false,
      })
    }
  })

  it('repeats a 429 after its Retry-After, billed or not: it was refused before processing', () => {
    for (const context of [free, billed]) {
      const verdict = classifyAttempt(
        answer(429, errorBody(429, 'RateLimitError'), { 'retry-after': '2.5' }),
        context,
      )
      expect(verdict).toMatchObject({
        verdict: 'retry',
        wait: { kind: 'retryAfter', seconds: 3 },
        error: { name: 'RateLimitError', retryAfterS: 3, mayHaveReachedService: false },
      })
    }
  })

  const maybeProcessed: Array<[string, AttemptResult]> = [
    ['a timeout after sending', { kind: 'noAnswer', cause: 'timeout', sent: true }],
    ['a connection broken after sending', { kind: 'noAnswer', cause: 'network', sent: true }],
    ['a 500', answer(500, errorBody(500, 'Error'))],
    ['an HTML 502', answer(502, '<html>Bad Gateway</html>')],
    ['an unreadable 200', answer(200, '{"success":tru')],
    ['a 200 without data', answer(200, { success: true, statusCode: 200 })],
  ]

  it.each(maybeProcessed)(
    'never repeats an at-most-once request after %s: its outcome is unknown',
    (_case, result) => {
      expect(classifyAttempt(result, billed)).toMatchObject({
        verdict: 'outcomeUnknown',
        error: {
          name: 'OutcomeUnknownError',
          mayHaveReachedService: true,
          message: expect.stringContaining('may have run this billed check') as string,
        },
      })
      expect(classifyAttempt(result, queued)).toMatchObject({
        verdict: 'outcomeUnknown',
        error: { message: expect.stringContaining('may have done what was asked') as string },
      })
    },
  )

  it.each(maybeProcessed)(
    'repeats any other request after %s, saying it may have reached the service',
    (_case, result) => {
      const verdict = classifyAttempt(result, free)
      expect(verdict).toMatchObject({
        verdict: 'retry',
        wait: { kind: 'backoff' },
        error: { mayHaveReachedService: true },
      })
    },
  )

  it.each([
    [401, 'UnauthorizedError', 'UnauthorizedError'],
    [402, 'PaymentRequiredError', 'PaymentRequiredError'],
    [403, 'ForbiddenError', 'ForbiddenError'],
    [400, 'ValidationError', 'ValidationError'],
    [422, 'SomethingElse', 'ValidationError'],
    [405, 'MethodNotAllowedError', 'ServiceRefusedError'],
    [413, 'PayloadTooLargeError', 'ServiceRefusedError'],
  ])('ends at a %i (%s) as %s: refused, so nothing was done', (status, upstream, name) => {
    expect(classifyAttempt(answer(status, errorBody(status, upstream)), billed)).toMatchObject({
      verdict: 'final',
      error: { name, status, mayHaveReachedService: false },
    })
  })

  it('reads a 404 on a lookup by id as no such record', () => {
    const lookup = { ...free, lookup: true }
    expect(
      classifyAttempt(answer(404, errorBody(404, 'ResourceNotFoundError')), lookup),
    ).toMatchObject({
      verdict: 'final',
      error: { name: 'ResourceNotFoundError', status: 404, mayHaveReachedService: false },
    })
  })

  it.each([
    ['the service’s envelope', errorBody(404, 'ResourceNotFoundError')],
    ['a web server’s page', '<html><body>Not Found</body></html>'],
  ])(
    'reads a 404 on a route the API always has (%s) as an address that does not serve the API',
    (_case, body) => {
      const verdict = classifyAttempt(answer(404, body), billed)
      expect(verdict).toMatchObject({
        verdict: 'final',
        error: { name: 'ServiceRefusedError', status: 404, mayHaveReachedService: false },
      })
      if (verdict.verdict !== 'final') return
      expect(verdict.error.message).toContain('does not serve the API')
      expect(verdict.error.message).toContain('Check the base URL in Settings')
    },
  )

  it('ends at a cancellation, which may have come after the request left', () => {
    expect(classifyAttempt({ kind: 'cancelled' }, free)).toMatchObject({
      verdict: 'final',
      error: { name: 'CancelledError', mayHaveReachedService: true },
    })
  })
})
