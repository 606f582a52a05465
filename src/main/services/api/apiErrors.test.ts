import { describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge'
import { errorEnvelopeSchema } from '../../../shared/api/apiEnvelopes'
import { serviceErrorFromResponse } from './apiErrors'

const meaningOf = (status: number, body: unknown) =>
  serviceErrorFromResponse('Production', status, errorEnvelopeSchema.parse(body), undefined)

describe('an error answer, as the real service sends it', () => {
  it('takes its meaning from the status when the name disagrees (a 403 named UnauthorizedError)', () => {
    const error = meaningOf(403, {
      success: false,
      statusCode: 403,
      name: 'UnauthorizedError',
      message: 'Your plan does not include crypto checks',
    })
    expect(error.name).toBe(bridgeErrorNames.forbidden)
    expect(error.message).toContain('does not allow this with the current key (403)')
    expect(error.message).not.toContain('rejected the API key')
  })

  it('understands the legacy envelope {message, status_code} and quotes the service under ours', () => {
    const error = meaningOf(401, { message: 'Invalid token supplied', status_code: 401 })
    expect(error.name).toBe(bridgeErrorNames.unauthorized)
    expect(error.message).toBe(
      'Production rejected the API key (401). Check the secret key for Production in Settings. The service said: “Invalid token supplied”',
    )
  })

  it('keeps a long or multi-line message of the service short and on one line', () => {
    const error = meaningOf(400, { name: 'ValidationError', message: `bad\n${'x'.repeat(400)}` })
    expect(error.name).toBe(bridgeErrorNames.validation)
    expect(error.message).toMatch(/The service said: “bad x+…”$/)
    expect(error.message).not.toContain('\n')
  })
})
