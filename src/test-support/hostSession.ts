import { launchCodeParameter } from '../shared/bridge'
import { requestSession } from '../renderer/src/bridge/httpTransport'

/** A session with the browser host, for a caller outside a browser (which keeps no cookies). */
export interface HostSession {
  origin: string
  /** What a browser holding the session sends with every call. */
  headers: { cookie: string }
}

/**
 * Does with a printed launch address what the page does on its first load: trades its one-time
 * code for the session cookie, here read from the answer as a browser would keep it.
 */
export async function openHostSession(launchAddress: string): Promise<HostSession> {
  const url = new URL(launchAddress)
  const code = url.searchParams.get(launchCodeParameter)
  if (code === null) throw new Error(`${launchAddress} holds no launch code`)
  const response = await requestSession(url.origin, code)
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0]
  if (!response.ok || cookie === undefined) {
    throw new Error(`the host refused the launch code (HTTP ${response.status})`)
  }
  return { origin: url.origin, headers: { cookie } }
}
