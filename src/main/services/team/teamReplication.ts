import type { TeamSync } from '../../../shared/bridge/teamContract'
import type { Replication, StoredDocument, TeamDatabase } from './teamDatabase'

/** The local record of how far this desk's own writes reached the server; never replicated. */
const sentCheckpointId = '_local/team-sent'

/** The first retry after a failure comes after 1 s, then twice as long each time, up to 1 minute. */
export const teamBackOff = (previousMs: number): number =>
  previousMs === 0 ? 1_000 : Math.min(previousMs * 2, 60_000)

const sentSeqOf = (checkpoint: Partial<StoredDocument>): number | string =>
  typeof checkpoint.seq === 'number' || typeof checkpoint.seq === 'string' ? checkpoint.seq : 0

interface DirectionState {
  /** Caught up with the other side (nothing left to move in this direction just now). */
  caughtUp: boolean
  /** The failure it last paused on; null once it moves again. */
  failure: unknown
}

export interface TeamReplication {
  status(): TeamSync
  /** Counts again what the server is waiting for (after a local write). */
  refresh(): Promise<void>
  stop(): Promise<void>
}

interface ReplicationOptions {
  local: TeamDatabase
  remote: TeamDatabase
  /** Entries of this desk carry its member's name and its device id in their id. */
  member: string
  device: string
  onUpdate: () => void
  /** The documents of each batch pulled from the server, once they are kept here. */
  onPulled?: (documents: readonly unknown[]) => void
  now?: () => Date
}

/** Why replication stopped for good, in a sentence with what to do. */
function refusalSentence(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  if (status === 401) {
    // CouchDB answers 401 to a wrong password; pouchdb-server also to a user no longer a member.
    return 'The team server refused your name and password, or no longer counts you as a member: ask your team admin, then leave the team and join again.'
  }
  if (status === 403) {
    return 'The team server no longer lets you into the team’s database: ask your team admin. Your entries stay on this computer.'
  }
  return 'Replication with the team server stopped on an error it cannot retry: leave the team and join again; your entries stay on this computer.'
}

/**
 * Live replication both ways with PouchDB's own protocol code, retried with back-off while the
 * server cannot be reached and resumed from PouchDB's checkpoints after a restart. What it adds
 * is the status line: in sync, how many of this desk's entries wait to be sent, offline since.
 */
export function startTeamReplication({
  local,
  remote,
  member,
  device,
  onUpdate,
  onPulled = () => undefined,
  now = () => new Date(),
}: ReplicationOptions): TeamReplication {
  const options = { live: true, retry: true, back_off_function: teamBackOff }
  // The server takes from a member only entries under their own name (the validation function):
  // offering it the rest of what this desk holds (all it pulled) only has it answer "I have it".
  const push = local.replicate.to(remote, {
    ...options,
    filter: (document: StoredDocument) => document._id.split(':')[2] === member,
  })
  const pull = local.replicate.from(remote, options)
  const directions: Record<'push' | 'pull', DirectionState> = {
    push: { caughtUp: false, failure: null },
    pull: { caughtUp: false, failure: null },
  }
  let waiting = 0
  let offlineSince: string | null = null
  let lastInSyncAt: string | null = null
  let refusedBy: unknown = null
  let denied = 0
  let stopped = false

  const ownMark = `:${member}:${device}:`
  /**
   * This desk's entries changed since the sent checkpoint, counted on from where the last count
   * stopped: a count runs on every replicated batch, and reading the changes feed from the
   * checkpoint each time made a join of 10,000 entries read it about a hundred times whole.
   */
  const unsent = new Set<string>()
  let countedTo: number | string | null = null
  // Counting and marking run one at a time, so a count never adds what a mark just cleared.
  let queue: Promise<unknown> = Promise.resolve()
  const inTurn = (work: () => Promise<void>): Promise<void> => {
    const turn = queue.then(work)
    queue = turn.catch(() => undefined)
    return turn
  }
  const countWaiting = (): Promise<void> =>
    inTurn(async () => {
      if (countedTo === null) {
        countedTo = sentSeqOf(await local.get(sentCheckpointId).catch(() => ({ seq: 0 })))
      }
      const changes = await local.changes({ since: countedTo })
      for (const { id } of changes.results) if (id.includes(ownMark)) unsent.add(id)
      countedTo = changes.last_seq
      waiting = unsent.size
    })
  const markSent = (): Promise<void> =>
    inTurn(async () => {
      const { update_seq: seq } = await local.info()
      const current = await local.get(sentCheckpointId).catch(() => undefined)
      await local.put({ ...current, _id: sentCheckpointId, seq })
      unsent.clear()
      countedTo = seq
      waiting = 0
    })
  const update = (): void => {
    if (!stopped) onUpdate()
  }
  const replications = { push, pull }
  const ended = { push: false, pull: false }
  const watch = (name: 'push' | 'pull', replication: Replication) => {
    const state = directions[name]
    replication.on('complete', () => {
      ended[name] = true
    })
    replication.on('active', () => {
      state.caughtUp = false
      state.failure = null
      offlineSince = directions.push.failure || directions.pull.failure ? offlineSince : null
      update()
    })
    replication.on('paused', (failure?: unknown) => {
      state.caughtUp = !failure
      state.failure = failure ?? null
      if (failure) offlineSince ??= now().toISOString()
      else if (!directions.push.failure && !directions.pull.failure) offlineSince = null
      void settle()
    })
    // What is pulled is others' entries, or this desk's already on the server: none waits.
    if (name === 'push') {
      replication.on('change', () => {
        void countWaiting().then(update, update)
      })
    } else {
      replication.on('change', (info: unknown) => {
        const { docs } = info as { docs?: unknown }
        if (Array.isArray(docs)) onPulled(docs)
      })
    }
    replication.on('denied', () => {
      denied += 1
      update()
    })
    replication.on('error', (failure: unknown) => {
      ended[name] = true
      refusedBy = failure
      update()
    })
  }
  const settle = async (): Promise<void> => {
    if (directions.push.caughtUp && directions.pull.caughtUp) {
      lastInSyncAt = now().toISOString()
      await markSent().catch(() => undefined)
    } else {
      await countWaiting().catch(() => undefined)
    }
    update()
  }
  watch('push', push)
  watch('pull', pull)
  void countWaiting().then(update, update)

  const status = (): TeamSync => {
    const failure = directions.push.failure ?? directions.pull.failure
    if (refusedBy !== null) {
      return {
        state: 'refused',
        waiting,
        offlineSince,
        lastInSyncAt,
        problem: refusalSentence(refusedBy),
      }
    }
    const deniedProblem =
      denied > 0
        ? `The team server refused ${denied === 1 ? '1 entry' : `${denied} entries`} from this desk; ask your team admin to check your membership.`
        : null
    if (failure) {
      return {
        state: 'offline',
        waiting,
        offlineSince,
        lastInSyncAt,
        problem:
          deniedProblem ??
          'The team server cannot be reached: your changes wait here and are sent when it can be.',
      }
    }
    const caughtUp = directions.push.caughtUp && directions.pull.caughtUp
    return {
      state: caughtUp ? 'in-sync' : lastInSyncAt === null ? 'connecting' : 'sending',
      waiting,
      offlineSince: null,
      lastInSyncAt,
      problem: deniedProblem,
    }
  }

  return {
    status,
    refresh: async () => {
      await countWaiting()
      update()
    },
    stop: async () => {
      stopped = true
      // A direction that stopped on an error it cannot retry has ended: it completes no more.
      const completed = Promise.all(
        (['push', 'pull'] as const)
          .filter((name) => !ended[name])
          .map(
            (name) =>
              new Promise<void>((resolve) => replications[name].on('complete', () => resolve())),
          ),
      )
      push.cancel()
      pull.cancel()
      await completed
    },
  }
}
