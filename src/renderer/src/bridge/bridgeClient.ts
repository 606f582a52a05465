import {
  bridgeErrorNames,
  type BridgeApi,
  type BridgeError,
  type BridgeErrorName,
  type BridgeInput,
  type BridgeMethod,
  type BridgeOutput,
} from '../../../shared/bridge'
import { httpTransport, takeBrowserHostSecret } from './httpTransport'

/** A failed bridge call, carrying the stable error name the UI branches on. */
export class BridgeCallError extends Error {
  override readonly name: BridgeErrorName
  readonly status: number | undefined
  readonly retryAfterS: number | undefined
  /** Decided on the main side: sending it again might do it (and bill it) twice. */
  readonly mayHaveReachedService: boolean

  constructor(error: BridgeError) {
    super(error.message)
    this.name = error.name
    this.status = error.status
    this.retryAfterS = error.retryAfterS
    this.mayHaveReachedService = error.mayHaveReachedService
  }
}

/** Chosen once at start-up: IPC under Electron, the loopback host in the browser mode. */
const transport: BridgeApi =
  window.complianceDesk ??
  httpTransport({
    secret: takeBrowserHostSecret({
      location: window.location,
      history: window.history,
      storage: window.sessionStorage,
    }),
    origin: window.location.origin,
  })

export async function callBridge<M extends BridgeMethod>(
  method: M,
  input: BridgeInput<M>,
): Promise<BridgeOutput<M>> {
  const reply = await transport.invoke(method, input)
  if (!reply.ok) throw new BridgeCallError(reply.error)
  return reply.data
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.'

const unreachableNames = new Set<string>([
  bridgeErrorNames.serviceUnreachable,
  bridgeErrorNames.hostUnreachable,
])

/** The service (or, in browser mode, the app's own host) could not be reached: the app is offline. */
export const isUnreachable = (errorName: string): boolean => unreachableNames.has(errorName)
