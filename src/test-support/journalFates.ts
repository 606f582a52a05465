import type { RequestFate } from '../shared/bridge/requestsContract'

type Word = RequestFate['state'] | RequestFate

/**
 * The main side's journal, as recovery asks it, for tests: what `fateOf` says of each request (a
 * state, or a whole fate; `settled` alone is an empty answer), never sent when it says nothing.
 */
export const journalFates =
  (fateOf: (requestId: string) => Word | undefined) =>
  async (requests: ReadonlyArray<{ requestId: string }>): Promise<Map<string, RequestFate>> =>
    new Map(
      requests.map(({ requestId }): [string, RequestFate] => {
        const fate = fateOf(requestId) ?? 'neverSent'
        if (typeof fate === 'object') return [requestId, fate]
        return [
          requestId,
          fate === 'settled'
            ? { requestId, state: fate, reply: { ok: true, data: {} } }
            : { requestId, state: fate },
        ]
      }),
    )
