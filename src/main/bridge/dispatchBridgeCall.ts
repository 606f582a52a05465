import type { z } from 'zod'
import {
  bridgeContract,
  bridgeErrorNames,
  isBridgeMethod,
  reachesService,
  type BridgeError,
  type BridgeHandlers,
  type BridgeReply,
} from '../../shared/bridge'
import { ServiceError } from '../services/serviceError'

export type BridgeFailureLogger = (method: string, error: unknown) => void

const describeIssues = (issues: z.core.$ZodIssue[]): string =>
  issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(input)'
      return `${field}: ${issue.message}`
    })
    .join('; ')

const failure = (error: BridgeError): BridgeReply<never> => ({ ok: false, error })

/**
 * A schema that throws on some input (a refinement reading what an earlier check refused) is a
 * refusal of that input, not a failure of the app: it is answered as invalid input, never a 500.
 */
const parseInput = (
  schema: z.ZodType,
  rawInput: unknown,
): { success: true; data: unknown } | { success: false; error: { issues: z.core.$ZodIssue[] } } => {
  try {
    return schema.safeParse(rawInput)
  } catch {
    return {
      success: false,
      error: {
        issues: [{ code: 'custom', path: [], message: 'could not be read', input: rawInput }],
      },
    }
  }
}

/**
 * The one place a bridge call is served, whatever carried it (IPC or the browser host):
 * the method must be in the contract, the input must match its schema before the handler runs,
 * and the handler's output must match its schema before it leaves.
 */
export async function dispatchBridgeCall(
  handlers: BridgeHandlers,
  method: unknown,
  rawInput: unknown,
  logFailure: BridgeFailureLogger = () => {},
): Promise<BridgeReply<unknown>> {
  if (!isBridgeMethod(method)) {
    return failure({
      name: bridgeErrorNames.unknownMethod,
      message: `The app asked for "${String(method)}", which is not a known operation.`,
      mayHaveReachedService: false,
    })
  }
  const contract = bridgeContract[method]
  const parsedInput = parseInput(contract.input, rawInput)
  if (!parsedInput.success) {
    return failure({
      name: bridgeErrorNames.validation,
      message: `Invalid input for ${method}: ${describeIssues(parsedInput.error.issues)}`,
      status: 400,
      mayHaveReachedService: false,
    })
  }
  // A handler that failed unexpectedly may have failed after asking the service.
  const mayHaveReachedService = reachesService(method)
  try {
    // The contract and the handler map are keyed by the same method, so this call is well-typed
    // per method; TypeScript cannot correlate the two lookups through a union key.
    const handler = handlers[method] as (input: unknown) => Promise<unknown>
    const output = await handler(parsedInput.data)
    const parsedOutput = contract.output.safeParse(output)
    if (!parsedOutput.success) {
      logFailure(method, parsedOutput.error)
      return failure({
        name: bridgeErrorNames.internal,
        message: `Compliance Desk produced an invalid answer for ${method}. Please report this.`,
        mayHaveReachedService,
      })
    }
    return { ok: true, data: parsedOutput.data }
  } catch (error) {
    if (error instanceof ServiceError) return failure(error.toBridgeError())
    logFailure(method, error)
    return failure({
      name: bridgeErrorNames.internal,
      message: `Compliance Desk failed while handling ${method}. Please try again; if it persists, report it.`,
      mayHaveReachedService,
    })
  }
}
