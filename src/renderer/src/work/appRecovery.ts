import { bulkJobRepository } from '../data/bulk/bulkJobRepository'
import { checkRecordOf } from '../data/bulk/bulkResults'
import { checkAttemptRepository } from '../data/checks/checkAttempts'
import { entityRepository } from '../data/entities/entityRepository'
import { outboxRepository } from '../data/outbox/outboxRepository'
import { askFates, collectRequests } from '../data/requests/journalClient'
import { requestsInHand } from '../data/requests/requestOwnership'
import type { RecoveryPorts } from './recovery'

/** The app's own: its database, the main side's journal, the pages' Web Locks. */
export const appRecoveryPorts: RecoveryPorts = {
  attempts: checkAttemptRepository,
  outbox: outboxRepository,
  bulk: bulkJobRepository,
  readCheck: checkRecordOf,
  inHand: requestsInHand,
  askFates,
  collect: collectRequests,
  saveEntity: entityRepository.saveEntity,
}
