import { z } from 'zod'

/** The one error shape that crosses the bridge, on IPC and over the browser host alike. */
export const bridgeErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterS: z.number().nonnegative().optional(),
})
export type BridgeError = z.infer<typeof bridgeErrorSchema>

export type BridgeReply<T> = { ok: true; data: T } | { ok: false; error: BridgeError }

export const bridgeReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: bridgeErrorSchema }),
])

/** Stable names the renderer may branch on. Messages are for people and may change. */
export const bridgeErrorNames = {
  validation: 'ValidationError',
  unknownMethod: 'UnknownMethodError',
  internal: 'InternalError',
  transport: 'BridgeTransportError',
  serviceUnreachable: 'ServiceUnreachableError',
  unexpectedResponse: 'UnexpectedResponseError',
  missingKey: 'MissingKeyError',
  unauthorized: 'UnauthorizedError',
  forbidden: 'ForbiddenError',
  paymentRequired: 'PaymentRequiredError',
  notFound: 'ResourceNotFoundError',
  rateLimited: 'RateLimitError',
  serverFailure: 'ServerError',
  keychain: 'KeychainError',
  outcomeUnknown: 'OutcomeUnknownError',
  cancelled: 'CancelledError',
  exportWrite: 'ExportWriteError',
} as const
