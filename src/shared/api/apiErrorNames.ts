/**
 * The `name`s of the upstream error envelope (spec section 7), as the service sends them. The
 * sandbox answers with these and the client reads them; the app's own names are the bridge's.
 */
export const apiErrorNames = {
  validation: 'ValidationError',
  unauthorized: 'UnauthorizedError',
  paymentRequired: 'PaymentRequiredError',
  forbidden: 'ForbiddenError',
  notFound: 'ResourceNotFoundError',
  methodNotAllowed: 'MethodNotAllowedError',
  payloadTooLarge: 'PayloadTooLargeError',
  rateLimited: 'RateLimitError',
  /** The spec's 500 is named plainly `Error`. */
  serverFailure: 'Error',
} as const
export type ApiErrorName = (typeof apiErrorNames)[keyof typeof apiErrorNames]
