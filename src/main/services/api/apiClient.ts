import type { ResolvedEnvironment } from '../environments/environmentService'
import { errorEnvelopeSchema, successEnvelopeSchema } from './apiEnvelopes'
import { serviceErrorFromResponse, unexpectedResponse, unreachable } from './apiErrors'

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path below the base URL, e.g. `v2/api/entities`. */
  path: string
  query?: Record<string, string | number>
  body?: unknown
  signal?: AbortSignal
}

export interface ApiSuccess {
  status: number
  data: unknown
  links: unknown[]
}

export interface ApiClient {
  send(environment: ResolvedEnvironment, request: ApiRequest): Promise<ApiSuccess>
}

export interface ApiClientOptions {
  fetch?: typeof fetch
  timeoutMs?: number
}

const parseRetryAfter = (header: string | null): number | undefined => {
  if (header === null) return undefined
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 20_000
  return {
    async send(environment, request) {
      const url = new URL(request.path, environment.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {})) {
        url.searchParams.set(name, String(value))
      }
      const signals = [AbortSignal.timeout(timeoutMs), ...(request.signal ? [request.signal] : [])]
      let response: Response
      let text: string
      try {
        response = await fetchImpl(url, {
          method: request.method,
          headers: {
            token: environment.secretKey,
            accept: 'application/json',
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.any(signals),
        })
        text = await response.text()
      } catch (error) {
        if (request.signal?.aborted) throw error
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
        throw unreachable(environment.label, environment.baseUrl, timedOut ? 'timeout' : 'network')
      }
      const json = parseJson(text)
      if (response.ok) {
        const envelope = successEnvelopeSchema.safeParse(json)
        if (!envelope.success) throw unexpectedResponse(environment.label, response.status, text)
        return {
          status: response.status,
          data: envelope.data.data,
          links: envelope.data.links ?? [],
        }
      }
      const envelope = errorEnvelopeSchema.safeParse(json)
      if (!envelope.success) throw unexpectedResponse(environment.label, response.status, text)
      throw serviceErrorFromResponse(
        environment.label,
        response.status,
        envelope.data,
        parseRetryAfter(response.headers.get('retry-after')),
      )
    },
  }
}
