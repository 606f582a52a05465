import { randomBytes, randomUUID } from 'node:crypto'
import type { BridgeReply } from '../shared/bridge'

export const randomEvmAddresses = (count: number): string[] =>
  Array.from({ length: count }, () => `0x${randomBytes(20).toString('hex')}`)

export interface BulkReply {
  reply: BridgeReply<unknown>
  /** performance.now() when it came back. */
  at: number
}

/**
 * Screens `queries` on the Local sandbox as a bulk job would: `crypto.search` through `call` (the
 * bridge's dispatch), queued work's pace, `inFlight` at a time. Replies in the order they came.
 */
export async function screenInBulk(
  call: (method: string, input: unknown) => Promise<BridgeReply<unknown>>,
  queries: readonly string[],
  inFlight: number,
): Promise<BulkReply[]> {
  const replies: BulkReply[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    for (let index = next++; index < queries.length; index = next++) {
      const reply = await call('crypto.search', {
        requestId: randomUUID(),
        environment: 'local',
        pace: 'background',
        query: queries[index],
        isSubjectConsent: true,
        type: 'all',
      })
      replies.push({ reply, at: performance.now() })
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return replies
}
