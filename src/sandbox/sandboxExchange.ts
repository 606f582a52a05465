import { apiErrorNames } from '../shared/api/apiErrorNames'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RouteReply } from './entityRoutes'
import { errorBody, sendJson, SandboxHttpError } from './sandboxEnvelopes'
import type { FaultSchedule } from './sandboxFaults'
import type { SandboxRequestRecord } from './sandboxServer'
import type { Workspace } from './sandboxWorkspace'

const htmlErrorPage =
  '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>upstream unavailable</p></body></html>'

export interface ExchangeDeps {
  workspace: Workspace
  faults: FaultSchedule
  handle: (workspace: Workspace, request: IncomingMessage) => Promise<RouteReply>
  log: (entry: SandboxRequestRecord) => void
}

/**
 * One request and its answer, with any injected fault applied at its place: before processing
 * (nothing happens), or after it (the work, and any billing, is done; the answer is delayed or broken).
 */
export async function serveExchange(
  { workspace, faults, handle, log }: ExchangeDeps,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const started = performance.now()
  const path = (request.url ?? '/').split('?')[0] ?? '/'
  const billedBefore = workspace.billing.billedChecks
  // Known once the request is processed.
  const processed: { subject?: string } = {}
  const record = (status: number): void =>
    log({
      ...(processed.subject === undefined ? {} : { subject: processed.subject }),
      environment: workspace.info.name,
      method: request.method ?? 'GET',
      path,
      status,
      receivedAt: Math.round(performance.timeOrigin + started),
      ms: Math.round((performance.now() - started) * 10) / 10,
      billed: workspace.billing.billedChecks > billedBefore,
    })
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    sendJson(response, status, body, headers)
    record(status)
  }
  const reset = (): void => {
    response.socket?.resetAndDestroy()
    record(0)
  }

  const fault = faults.take(workspace.info.name, path)
  switch (fault?.kind) {
    case 'rateLimit':
      return answer(429, errorBody(429, apiErrorNames.rateLimited, 'Too many requests'), {
        'retry-after': String(fault.retryAfterS),
      })
    case 'serverError': {
      const status = fault.status ?? 500
      return answer(status, errorBody(status, apiErrorNames.serverFailure, 'Internal Server Error'))
    }
    case 'htmlErrorPage':
      response.writeHead(502, { 'content-type': 'text/html; charset=utf-8' })
      response.end(htmlErrorPage)
      return record(502)
    case 'resetBeforeProcessing':
      request.resume()
      return reset()
  }

  let reply: RouteReply
  try {
    reply = await handle(workspace, request)
  } catch (error) {
    if (error instanceof SandboxHttpError) {
      return answer(
        error.statusCode,
        errorBody(error.statusCode, error.name, error.message),
        error.headers,
      )
    }
    return answer(500, errorBody(500, apiErrorNames.serverFailure, 'Internal Server Error'))
  }
  processed.subject = reply.subject
  // A slow answer, not a slow start: the request is processed (and billed) before the wait.
  if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms))
  switch (fault?.kind) {
    case 'resetAfterProcessing':
      return reset()
    case 'malformedJson': {
      const text = JSON.stringify(reply.body)
      response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
      response.end(text.slice(0, Math.floor(text.length / 2)))
      return record(reply.status)
    }
    case 'incompleteEnvelope':
      return answer(reply.status, { success: true, message: 'ok' })
    default:
      return answer(reply.status, reply.body)
  }
}
