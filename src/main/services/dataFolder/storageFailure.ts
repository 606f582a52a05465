import { bridgeErrorNames } from '../../../shared/bridge/errors'
import type { DataFolderState } from '../../../shared/bridge/systemContract'
import { ServiceError } from '../serviceError'

/** Codes by which storage says it has no room: the disk, or the user's quota on it. */
const fullCodes = new Set(['ENOSPC', 'EDQUOT'])
/** Codes by which storage says it may not be written here: read-only, or not this user's. */
const notWritableCodes = new Set(['EROFS', 'EACCES', 'EPERM'])

/**
 * The code of a file-system error (one that names its system call), looked for along the chain of
 * causes; undefined for anything else, which is a bug rather than storage trouble.
 */
export function storageCodeOf(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, syscall } = current as NodeJS.ErrnoException
    if (typeof code === 'string' && typeof syscall === 'string') return code
  }
  return undefined
}

/**
 * What is wrong with the data folder, and what a person can do about it, in words; undefined for
 * a refusal already said (a ServiceError) and for anything that is not storage trouble.
 */
function diagnose(folder: string, error: unknown): { problem: string; fix: string } | undefined {
  const code = storageCodeOf(error)
  if (error instanceof ServiceError || code === undefined) return undefined
  if (fullCodes.has(code)) {
    return {
      problem: `The disk holding the data folder (${folder}) is full`,
      fix: 'Free some space',
    }
  }
  if (notWritableCodes.has(code)) {
    return {
      problem: `The data folder (${folder}) cannot be written (read-only or not yours)`,
      fix: 'Make it writable for you',
    }
  }
  return {
    problem: `The data folder (${folder}) could not be written (${code})`,
    fix: 'Check the folder and its disk',
  }
}

const storageError = (message: string, error: unknown, mayHaveReachedService = false) =>
  new ServiceError(bridgeErrorNames.storage, message, { mayHaveReachedService }, { cause: error })

/**
 * A write to the data folder that storage refused, said as such: "<problem>, so <consequence>.
 * <fix>, then <next>." A ServiceError (a refusal already said) and anything that is not storage
 * trouble pass through unchanged.
 */
export function storageFailure(
  folder: string,
  error: unknown,
  consequence: string,
  next: string,
): unknown {
  const diagnosis = diagnose(folder, error)
  if (!diagnosis) return error
  const { problem, fix } = diagnosis
  return storageError(`${problem}, so ${consequence}. ${fix}, then ${next}.`, error)
}

/** `storageFailure` for a change of a setting or an allowance, which is then not current. */
export const notSavedFailure = (folder: string, error: unknown): unknown =>
  storageFailure(folder, error, 'this change was not saved', 'try again')

/**
 * Storage refused the line or count that must be on disk before an attempt goes on the wire: the
 * attempt never left. Said so when it was the first; when an earlier attempt may have reached the
 * service (`reachedEarlier`), says that instead of "nothing was sent".
 */
class NotSentError extends ServiceError {
  constructor(
    message: string,
    private readonly ifReachedEarlier: string,
    cause: unknown,
  ) {
    super(bridgeErrorNames.storage, message, { mayHaveReachedService: false }, { cause })
  }

  override reachedEarlier(earlier: boolean): ServiceError {
    return earlier ? storageError(this.ifReachedEarlier, this.cause, true) : this
  }
}

/** `storageFailure` for a write that had to reach the disk before `what` could be sent. */
export function notSentFailure(folder: string, error: unknown, what: string): unknown {
  const diagnosis = diagnose(folder, error)
  if (!diagnosis) return error
  const { problem, fix } = diagnosis
  return new NotSentError(
    `${problem}, so ${what} was not sent: nothing reached the service and nothing was billed. ${fix}, then run it again.`,
    `${problem}, so ${what} was not sent again, but an earlier attempt may have reached the service. ${fix}, then look in History before running it again.`,
    error,
  )
}

/** Whether the data folder can be written, as the start found it, and the refusal when not. */
export interface DataFolderAccess {
  readonly state: DataFolderState
  /** What every write answers while the folder cannot be written; undefined while it can. */
  readonly refusal: ServiceError | undefined
}

export const writableDataFolder: DataFolderAccess = {
  state: { writable: true },
  refusal: undefined,
}

/**
 * The data folder as a start that could not write it sees it: read-only until a restart, every
 * write refused saying why and what to do. Throws `error` when it is not storage trouble.
 */
export function unwritableDataFolder(folder: string, error: unknown): DataFolderAccess {
  const refusal = storageFailure(
    folder,
    error,
    'Compliance Desk started read-only: what it keeps can be read, but nothing can be sent or saved',
    'restart Compliance Desk',
  )
  if (!(refusal instanceof ServiceError)) throw refusal
  return { state: { writable: false, problem: refusal.message }, refusal }
}
