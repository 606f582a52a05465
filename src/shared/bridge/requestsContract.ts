import { z } from 'zod'
import { defineMethod } from './defineMethod'
import { bridgeReplySchema } from './errors'

const requestIdSchema = z.uuid()

/** Requests asked about, or forgotten, in one call. */
const maxRequestsPerCall = 500
/** One request as JSON: its id, and the time it started, with the keys and punctuation. */
const requestJsonBytes = 128

/**
 * What the main side's request journal knows of one request:
 * - `neverSent`: nothing of it left this machine; it may be sent (again) on its own;
 * - `inFlight`: the main side is sending it now; ask again later;
 * - `settled`: it ended, and this is the reply the renderer was given (or would have been);
 * - `mayHaveLeft`: an attempt may have reached the service and no answer was recorded (the main
 *   side stopped mid-flight, or the request is older than the journal): never sent again
 *   without a person's say.
 */
export const requestFateSchema = z.discriminatedUnion('state', [
  z.object({ requestId: requestIdSchema, state: z.literal('neverSent') }),
  z.object({ requestId: requestIdSchema, state: z.literal('inFlight') }),
  z.object({ requestId: requestIdSchema, state: z.literal('mayHaveLeft') }),
  z.object({ requestId: requestIdSchema, state: z.literal('settled'), reply: bridgeReplySchema }),
])
export type RequestFate = z.infer<typeof requestFateSchema>

export const requestsContract = {
  'requests.cancel': defineMethod(
    z.strictObject({ requestId: requestIdSchema }),
    z.object({ cancelled: z.boolean() }),
  ),
  /** Asked after a reload or a crash about requests the renderer started but saw no reply to. */
  'requests.fate': defineMethod(
    z.strictObject({
      requests: z
        .array(z.strictObject({ requestId: requestIdSchema, startedAt: z.iso.datetime() }))
        .max(maxRequestsPerCall),
    }),
    z.object({ fates: z.array(requestFateSchema) }),
    { maxInputBytes: maxRequestsPerCall * requestJsonBytes },
  ),
  /** The renderer has stored these requests' outcomes: the journal may forget them. */
  'requests.collect': defineMethod(
    z.strictObject({ requestIds: z.array(requestIdSchema).max(maxRequestsPerCall) }),
    z.object({ collected: z.number().int().nonnegative() }),
    { maxInputBytes: maxRequestsPerCall * requestJsonBytes },
  ),
}
