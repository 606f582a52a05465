import type {
  BridgeApi,
  BridgeError,
  BridgeErrorName,
  BridgeInput,
  BridgeMethod,
  BridgeOutput,
} from '../../../shared/bridge'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { noteBridgeReply, unreachableErrorNames } from './connectivity'

/** A failed bridge call, carrying the stable error name the UI branches on. */
export class BridgeCallError extends Error {
  override readonly name: BridgeErrorName
  readonly status: number | undefined
  readonly retryAfterS: number | undefined
  /** Decided on the main side: sending it again might do it (and bill it) twice. */
  readonly mayHaveReachedService: boolean
  private readonly error: BridgeError

  constructor(error: BridgeError) {
    super(error.message)
    this.name = error.name
    this.status = error.status
    this.retryAfterS = error.retryAfterS
    this.mayHaveReachedService = error.mayHaveReachedService
    this.error = error
  }

  /** The error as it crossed the bridge, with the service's answer when there was one. */
  toBridgeError(): BridgeError {
    return this.error
  }
}

export type CallBridge = <M extends BridgeMethod>(
  method: M,
  input: BridgeInput<M>,
) => Promise<BridgeOutput<M>>

/** Calls through a transport; every reply also updates the connectivity store. */
export const createCallBridge =
  (transport: BridgeApi): CallBridge =>
  async (method, input) => {
    const reply = await transport.invoke(method, input)
    noteBridgeReply(method, reply)
    if (!reply.ok) throw new BridgeCallError(reply.error)
    return reply.data
  }

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.'

/**
 * The app's own host stopped answering after the call may have reached it: whether the request
 * went on to the service, only the main side's journal can say once the host is back.
 */
export const hostLostMidCall = (error: { name: string; mayHaveReachedService: boolean }): boolean =>
  error.name === bridgeErrorNames.hostUnreachable && error.mayHaveReachedService

/** The service (or, in browser mode, the app's own host) could not be reached: the app is offline. */
export const isUnreachable = (errorName: string): boolean =>
  (unreachableErrorNames as ReadonlySet<string>).has(errorName)
