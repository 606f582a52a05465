import type { z } from 'zod'
import { backupContract } from './backupContract'
import { cryptoContract } from './cryptoContract'
import { entitiesContract } from './entitiesContract'
import { evidenceContract } from './evidenceContract'
import type { BridgeReply } from './errors'
import { identityContract } from './identityContract'
import { requestsContract } from './requestsContract'
import { settingsContract } from './settingsContract'
import { spendingContract } from './spendingContract'
import { systemContract } from './systemContract'
import { teamContract } from './teamContract'

/** Every call the renderer may make. Preload, IPC serving and the browser host derive from this. */
export const bridgeContract = {
  ...entitiesContract,
  ...cryptoContract,
  ...requestsContract,
  ...settingsContract,
  ...evidenceContract,
  ...backupContract,
  ...identityContract,
  ...systemContract,
  ...spendingContract,
  ...teamContract,
}

export type BridgeContract = typeof bridgeContract
export type BridgeMethod = keyof BridgeContract
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeContract[M]['input']>
export type BridgeParsedInput<M extends BridgeMethod> = z.output<BridgeContract[M]['input']>
export type BridgeOutput<M extends BridgeMethod> = z.output<BridgeContract[M]['output']>

/** The main side's implementation: a method without a handler is a compile error. */
export type BridgeHandlers = {
  [M in BridgeMethod]: (input: BridgeParsedInput<M>) => Promise<BridgeOutput<M>>
}

/** What a transport offers the renderer: one entry point, an allow-list of method names. */
export interface BridgeApi {
  invoke<M extends BridgeMethod>(
    method: M,
    input: BridgeInput<M>,
  ): Promise<BridgeReply<BridgeOutput<M>>>
}

export const bridgeMethods = Object.keys(bridgeContract) as BridgeMethod[]

export const isBridgeMethod = (value: unknown): value is BridgeMethod =>
  typeof value === 'string' && Object.hasOwn(bridgeContract, value)

/** The single IPC channel; the method name travels as its first argument. */
export const bridgeIpcChannel = 'bridge:invoke'

/** The browser host's route prefix; the method name is the last path segment. */
export const bridgeHttpPathPrefix = '/bridge/'

/**
 * The browser host's printed address carries a one-time launch code in this query parameter. The
 * page sends it once, in this header to this path, for a session cookie; the code is then spent.
 */
export const launchCodeParameter = 'launch'
export const launchCodeHeader = 'x-compliance-desk-launch-code'
export const launchSessionPath = '/session'

/** Name under which the preload exposes the bridge in the renderer's main world. */
export const bridgeGlobalName = 'complianceDesk'

export * from './errors'

/** Whether a call is served by asking the upstream service (see `defineMethod`). */
export const reachesService = (method: BridgeMethod): boolean =>
  bridgeContract[method].reachesService
