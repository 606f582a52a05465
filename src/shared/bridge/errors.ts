import { z } from 'zod'
import { evidenceSchema } from './evidenceSchema'

/**
 * Every error name either side may put on the bridge: a closed set, so the renderer can branch on
 * a name exhaustively and an unknown name is an unreadable reply rather than a silent new case.
 */
export const bridgeErrorNameSchema = z.enum({
  validation: 'ValidationError',
  unknownMethod: 'UnknownMethodError',
  internal: 'InternalError',
  /** Browser mode: the app's own host did not answer (not running, or the connection broke). */
  hostUnreachable: 'HostUnreachableError',
  /** Browser mode: the page holds no session of this launch, or its launch code was refused. */
  pageNotAuthorised: 'PageNotAuthorisedError',
  /** The host refused the call before serving it: wrong sender, origin, method or body. */
  hostRefused: 'HostRefusedError',
  /** The host's answer was not a bridge reply. */
  unreadableReply: 'UnreadableReplyError',
  serviceUnreachable: 'ServiceUnreachableError',
  unexpectedResponse: 'UnexpectedResponseError',
  missingKey: 'MissingKeyError',
  unauthorized: 'UnauthorizedError',
  forbidden: 'ForbiddenError',
  paymentRequired: 'PaymentRequiredError',
  notFound: 'ResourceNotFoundError',
  rateLimited: 'RateLimitError',
  serverFailure: 'ServerError',
  /** The service refused the request with a 4xx the app has no closer name for (405, 413, …). */
  serviceRefused: 'ServiceRefusedError',
  keychain: 'KeychainError',
  outcomeUnknown: 'OutcomeUnknownError',
  cancelled: 'CancelledError',
  exportWrite: 'ExportWriteError',
  /** A scheduled re-screen in a billed environment without the user's opt-in: nothing was sent. */
  notOptedIn: 'NotOptedInError',
  /** A scheduled re-screen refused because this month's cap of billed checks is spent: nothing was sent. */
  budgetReached: 'BudgetReachedError',
  /**
   * Storage refused a write (the disk full, a folder read-only or not ours): the data folder on the
   * main side, or the browser's storage. Whether anything was sent is in `mayHaveReachedService`.
   */
  storage: 'StorageError',
})
export type BridgeErrorName = z.infer<typeof bridgeErrorNameSchema>

/** Stable names the renderer may branch on. Messages are for people and may change. */
export const bridgeErrorNames = bridgeErrorNameSchema.enum

/** The one error shape that crosses the bridge, on IPC and over the browser host alike. */
export const bridgeErrorSchema = z.object({
  name: bridgeErrorNameSchema,
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterS: z.number().nonnegative().optional(),
  /**
   * Whether the service may have received the request and acted on it, so that sending it again
   * could do it twice (and bill twice). False only when it provably did not: never sent, refused
   * by the app or its host, or refused by the service with an answer that says nothing was done
   * (4xx, 429). Decided on the main side (and by a transport whose host never answered); the
   * renderer only reads it.
   */
  mayHaveReachedService: z.boolean(),
  /** Whatever the service answered, kept as received: an unreadable answer is evidence too. */
  evidence: evidenceSchema.optional(),
})
export type BridgeError = z.infer<typeof bridgeErrorSchema>

export type BridgeReply<T> = { ok: true; data: T } | { ok: false; error: BridgeError }

export const bridgeReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: bridgeErrorSchema }),
])
