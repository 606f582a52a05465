import { bridgeErrorNames } from '../shared/bridge/errors'
import type { AttemptJournal } from '../main/services/journal/requestJournal'
import { ServiceError } from '../main/services/serviceError'
import type { CountAttempts } from '../main/services/spending/spending'

/** What the API client does with the journal: told of the attempt before it goes on the wire. */
export const journal: AttemptJournal = { beforeAttempt: async () => {}, notSent: async () => {} }

/** A check's work that puts one attempt on the wire, noted in `sentTo`. */
export const sent = (sentTo: string[]) => async (count: CountAttempts) => {
  await count(journal).beforeAttempt(1)
  sentTo.push('sent')
  return 'answer'
}

/** A promise the test lets go of (Node 20 has no Promise.withResolvers). */
export const gate = () => {
  let resolve = (): void => {}
  const promise = new Promise<void>((letGo) => (resolve = letGo))
  return { promise, resolve }
}

/** A failed check: one the service may have acted on, or one it provably did not. */
export const failure = (mayHaveReachedService: boolean) =>
  new ServiceError(bridgeErrorNames.serverFailure, 'failed', { mayHaveReachedService })
