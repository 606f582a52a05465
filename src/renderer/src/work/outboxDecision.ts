import { nextStepAfter, type SendFailure } from '../data/requests/failurePolicy'

/**
 * What a failed send leaves of an outbox item, by the one policy's next step (see failurePolicy):
 * - `wait`: provably not done, for a reason that passes: it stays queued and is tried again later;
 * - `ask`: it may have been done: it is never sent again without the user's say;
 * - `fail`: provably not done, and sending it again as it is would not help until a person acts
 *   (a key, a plan, a balance…): it shows why, with "Send again";
 * - `recover`: the app's own host stopped answering after the call may have reached it: the item
 *   stays running until the main side's journal says whether it left.
 */
export type AfterFailure = 'wait' | 'ask' | 'fail' | 'recover'

export function afterSendFailure(failure: SendFailure): AfterFailure {
  const step = nextStepAfter(failure)
  switch (step.kind) {
    case 'recover':
    case 'wait':
      return step.kind
    case 'stop':
    case 'cap':
      return 'fail'
    case 'settle':
      return step.outcome === 'unknown' ? 'ask' : 'fail'
  }
}
