import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/sandboxServer'
import type { BridgeReply } from '../shared/bridge'
import type { CryptoSearchResult } from '../shared/bridge/cryptoContract'
import { startMainSide, type MainSide } from '../main/app/startMainSide'
import { sessionKeyStore } from '../main/services/keys/secretKeyStore'
import { dispatchBridgeCall } from '../main/bridge/dispatchBridgeCall'

export interface MainSideOnSandbox {
  sandbox: RunningSandbox
  mainSide: MainSide
  /** A bridge call exactly as IPC or the browser host would serve it. */
  call: (method: string, input: unknown) => Promise<BridgeReply<unknown>>
  stop(): Promise<void>
}

/** Points the main side's Production at the sandbox's production workspace, with its key. */
export async function useSandboxProduction(app: MainSideOnSandbox): Promise<void> {
  const production = app.sandbox.environment('production')
  for (const [method, input] of [
    ['settings.setBaseUrl', { environment: 'production', baseUrl: production.baseUrl }],
    ['keys.set', { environment: 'production', secretKey: production.secretKey }],
  ] as const) {
    const reply = await app.call(method, input)
    if (!reply.ok) throw new Error(reply.error.message)
  }
}

/** One crypto check through the bridge, as the page asks for it; a refusal throws its message. */
export async function searchOn(
  app: Pick<MainSideOnSandbox, 'call'>,
  query: string,
  requestId: string = crypto.randomUUID(),
): Promise<CryptoSearchResult> {
  const reply = await app.call('crypto.search', {
    requestId,
    query,
    isSubjectConsent: true,
    type: 'all',
  })
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.data as CryptoSearchResult
}

/** For tests: the main side, its Local sandbox pointed at a sandbox the test controls. */
export async function startMainSideOnSandbox(
  sandboxOptions: SandboxOptions = {},
): Promise<MainSideOnSandbox> {
  const sandbox = await startSandbox(sandboxOptions)
  const { baseUrl, secretKey } = sandbox.environment('sandbox')
  const mainSide = await startMainSide({
    dataDir: mkdtempSync(join(tmpdir(), 'cd-main-')),
    keyStore: sessionKeyStore('test store'),
    localSandbox: { baseUrl, secretKey },
  })
  return {
    sandbox,
    mainSide,
    call: (method, input) => dispatchBridgeCall(mainSide.handlers, method, input),
    stop: async () => {
      await mainSide.close()
      await sandbox.close()
    },
  }
}
