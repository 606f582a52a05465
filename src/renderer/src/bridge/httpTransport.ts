import {
  bridgeErrorNames,
  bridgeHttpPathPrefix,
  bridgeReplySchema,
  bridgeSecretHeader,
  type BridgeApi,
  type BridgeError,
  type BridgeOutput,
  type BridgeReply,
  type BridgeMethod,
} from '../../../shared/bridge'

const secretStorageKey = 'compliance-desk.bridge-secret'

/** The parts of `Location`, `History` and `Storage` the secret's hand-over uses. */
export interface SecretSources {
  location: { hash: string; pathname: string; search: string }
  history: { replaceState(data: null, unused: string, url: string): void }
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
}

/**
 * The browser mode's per-launch secret arrives in the URL fragment (never sent to any server).
 * It is moved to session storage so a reload keeps working, and the address bar is cleaned.
 */
export function takeBrowserHostSecret({
  location,
  history,
  storage,
}: SecretSources): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('secret')
  if (fromHash) {
    storage.setItem(secretStorageKey, fromHash)
    history.replaceState(null, '', location.pathname + location.search)
    return fromHash
  }
  return storage.getItem(secretStorageKey)
}

const failure = (error: BridgeError): BridgeReply<never> => ({ ok: false, error })

export interface HttpTransportOptions {
  secret: string | null
  /** The host's origin; the page's own when it was served by the host. */
  origin: string
}

/**
 * The browser mode's transport. The host's answers carry their own error; this adds only what
 * the host cannot say: that the page cannot call it, or that it never answered readably. When
 * the host may have received the call, the service may have too.
 */
export function httpTransport({ secret, origin }: HttpTransportOptions): BridgeApi {
  return {
    async invoke<M extends BridgeMethod>(
      method: M,
      input: unknown,
    ): Promise<BridgeReply<BridgeOutput<M>>> {
      if (secret === null) {
        return failure({
          name: bridgeErrorNames.pageNotAuthorised,
          message:
            'This page has no access key. Open the full address printed by `npm start` (it ends with #secret=…).',
          mayHaveReachedService: false,
        })
      }
      let response: Response
      try {
        response = await fetch(new URL(`${bridgeHttpPathPrefix}${method}`, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [bridgeSecretHeader]: secret },
          body: JSON.stringify(input ?? {}),
        })
      } catch {
        // A failed fetch does not say whether the call left: the host may have received it.
        return failure({
          name: bridgeErrorNames.hostUnreachable,
          message:
            'Compliance Desk’s background process is not answering. Restart it with `npm start`; cached data stays readable.',
          mayHaveReachedService: true,
        })
      }
      const reply = bridgeReplySchema.safeParse(await response.json().catch(() => null))
      if (!reply.success) {
        return failure({
          name: bridgeErrorNames.unreadableReply,
          message: `Compliance Desk’s background process sent an unreadable answer (HTTP ${response.status}).`,
          mayHaveReachedService: true,
        })
      }
      // The main side validated `data` against the method's output schema before sending it.
      return reply.data as BridgeReply<BridgeOutput<M>>
    },
  }
}
