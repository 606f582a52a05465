import {
  bridgeErrorNames,
  bridgeHttpPathPrefix,
  bridgeReplySchema,
  bridgeSecretHeader,
  type BridgeApi,
  type BridgeOutput,
  type BridgeReply,
  type BridgeMethod,
} from '../../../shared/bridge'

const secretStorageKey = 'compliance-desk.bridge-secret'

/**
 * The browser mode's per-launch secret arrives in the URL fragment (never sent to any server).
 * It is moved to session storage so a reload keeps working, and the address bar is cleaned.
 */
export function takeBrowserHostSecret(
  location: Location,
  history: History,
  storage: Storage,
): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('secret')
  if (fromHash) {
    storage.setItem(secretStorageKey, fromHash)
    history.replaceState(null, '', location.pathname + location.search)
    return fromHash
  }
  return storage.getItem(secretStorageKey)
}

const transportFailure = (message: string): BridgeReply<never> => ({
  ok: false,
  error: { name: bridgeErrorNames.transport, message },
})

export function httpTransport(secret: string | null): BridgeApi {
  return {
    async invoke<M extends BridgeMethod>(
      method: M,
      input: unknown,
    ): Promise<BridgeReply<BridgeOutput<M>>> {
      if (secret === null) {
        return transportFailure(
          'This page has no access key. Open the full address printed by `npm start` (it ends with #secret=…).',
        )
      }
      let response: Response
      try {
        response = await fetch(`${bridgeHttpPathPrefix}${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [bridgeSecretHeader]: secret },
          body: JSON.stringify(input ?? {}),
        })
      } catch {
        return transportFailure(
          'Compliance Desk’s background process is not answering. Restart it with `npm start`; cached data stays readable.',
        )
      }
      const reply = bridgeReplySchema.safeParse(await response.json().catch(() => null))
      if (!reply.success) {
        return transportFailure(
          `Compliance Desk’s background process sent an unreadable answer (HTTP ${response.status}).`,
        )
      }
      // The main side validated `data` against the method's output schema before sending it.
      return reply.data as BridgeReply<BridgeOutput<M>>
    },
  }
}
