import { Agent, request as undiciRequest, type Dispatcher } from 'undici'
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
  /** Time to open the connection. */
  connectTimeoutMs?: number
  /** Time for the whole exchange, from sending to the last byte of the answer. */
  timeoutMs?: number
}

const parseRetryAfter = (header: string | string[] | undefined): number | undefined => {
  if (typeof header !== 'string') return undefined
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

/**
 * One client for every environment. It uses undici's request API (not fetch) for its explicit
 * connect timeout and its lower per-request cost; connections are kept alive per origin.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const timeoutMs = options.timeoutMs ?? 20_000
  const dispatcher: Dispatcher = new Agent({
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    keepAliveTimeout: 10_000,
  })
  return {
    async send(environment, request) {
      const url = new URL(request.path, environment.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {})) {
        url.searchParams.set(name, String(value))
      }
      const deadline = AbortSignal.timeout(timeoutMs)
      const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline
      let status: number
      let headers: Record<string, string | string[] | undefined>
      let text: string
      try {
        const response = await undiciRequest(url, {
          method: request.method,
          dispatcher,
          signal,
          headers: {
            token: environment.secretKey,
            accept: 'application/json',
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        })
        status = response.statusCode
        headers = response.headers
        text = await response.body.text()
      } catch (error) {
        if (request.signal?.aborted) throw error
        throw unreachable(
          environment.label,
          environment.baseUrl,
          deadline.aborted ? 'timeout' : 'network',
        )
      }
      const json = parseJson(text)
      if (status >= 200 && status < 300) {
        const envelope = successEnvelopeSchema.safeParse(json)
        if (!envelope.success) throw unexpectedResponse(environment.label, status, text)
        return { status, data: envelope.data.data, links: envelope.data.links ?? [] }
      }
      const envelope = errorEnvelopeSchema.safeParse(json)
      if (!envelope.success) throw unexpectedResponse(environment.label, status, text)
      throw serviceErrorFromResponse(
        environment.label,
        status,
        envelope.data,
        parseRetryAfter(headers['retry-after']),
      )
    },
  }
}
