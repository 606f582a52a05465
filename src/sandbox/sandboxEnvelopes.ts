import type { ApiErrorName } from '../shared/api/apiErrorNames'
import type { ServerResponse } from 'node:http'

/** Error envelope of spec 2.2; `data` is always an empty object, as in the spec's examples. */
export interface SandboxErrorBody {
  success: false
  statusCode: number
  name: ApiErrorName
  message: string
  data: Record<string, never>
}

export const errorBody = (
  statusCode: number,
  name: ApiErrorName,
  message: string,
): SandboxErrorBody => ({
  success: false,
  statusCode,
  name,
  message,
  data: {},
})

export interface PageLink {
  rel: 'next' | 'prev'
  href: string
}

/**
 * Success envelope of spec 2.1. The crypto search spells the mirrored status `statusCode`;
 * every other endpoint spells it `status_code`.
 */
export const successBody = (
  statusCode: number,
  message: string,
  data: unknown,
  links: PageLink[] = [],
  statusField: 'status_code' | 'statusCode' = 'status_code',
): Record<string, unknown> => ({ success: true, [statusField]: statusCode, message, data, links })

export const sendJson = (
  response: ServerResponse,
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  const text = JSON.stringify(body)
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  response.end(text)
}

export class SandboxHttpError extends Error {
  override readonly name: ApiErrorName

  constructor(
    readonly statusCode: number,
    name: ApiErrorName,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = name
  }
}
