import { apiErrorNames } from '../shared/api/apiErrorNames'
import type { IncomingMessage } from 'node:http'
import { SandboxHttpError } from './sandboxEnvelopes'

/** Request size limit: the spec does not show one; 64 KiB is far above any documented body. */
export const maxBodyBytes = 64 * 1024

export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > maxBodyBytes) throw tooLarge()
  const chunks: Buffer[] = []
  let received = 0
  for await (const chunk of request) {
    const buffer = chunk as Buffer
    received += buffer.length
    if (received > maxBodyBytes) throw tooLarge()
    chunks.push(buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') {
    throw new SandboxHttpError(
      400,
      apiErrorNames.validation,
      'The request body is empty; send a JSON object.',
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new SandboxHttpError(400, apiErrorNames.validation, 'The request body is not valid JSON.')
  }
}

const tooLarge = (): SandboxHttpError =>
  new SandboxHttpError(
    413,
    apiErrorNames.payloadTooLarge,
    `The request body exceeds ${maxBodyBytes} bytes.`,
    {
      connection: 'close',
    },
  )

export function positiveIntegerParam(
  params: URLSearchParams,
  name: string,
  fallback: number,
): number {
  const raw = params.get(name)
  if (raw === null || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new SandboxHttpError(
      400,
      apiErrorNames.validation,
      `Query parameter ${name} must be a positive integer.`,
    )
  }
  return Number(raw)
}
