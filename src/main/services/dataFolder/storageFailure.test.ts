import { describe, expect, it } from 'vitest'
import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { refusedBy } from '../../../test-support/refusingStorage'
import { ServiceError } from '../serviceError'
import { notSentFailure, storageFailure, unwritableDataFolder } from './storageFailure'

const folder = '/data/compliance-desk'
const said = (error: unknown) =>
  storageFailure(folder, error, 'this change was not saved', 'try again')

describe('storage trouble, said as such', () => {
  it('names the full disk and the folder, and what to do', () => {
    expect(said(refusedBy('ENOSPC', 'write'))).toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message:
        'The disk holding the data folder (/data/compliance-desk) is full, so this change was not saved. Free some space, then try again.',
    })
  })

  it('names a folder that cannot be written, read-only or not the user’s', () => {
    for (const code of ['EROFS', 'EACCES', 'EPERM']) {
      expect(said(refusedBy(code, 'open'))).toMatchObject({
        message:
          'The data folder (/data/compliance-desk) cannot be written (read-only or not yours), so this change was not saved. Make it writable for you, then try again.',
      })
    }
  })

  it('passes on a refusal already said, and what is not storage trouble', () => {
    const refusal = new ServiceError(bridgeErrorNames.budgetReached, 'Capped.', {
      mayHaveReachedService: false,
    })
    const bug = new TypeError('undefined is not a function')
    expect(said(refusal)).toBe(refusal)
    expect(said(bug)).toBe(bug)
  })

  it('says a check held back was not sent, or not sent again after an attempt that may have reached the service', () => {
    const failure = notSentFailure(folder, refusedBy('ENOSPC', 'write'), 'this check')
    if (!(failure instanceof ServiceError)) throw new Error('expected a ServiceError')
    expect(failure).toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: false,
      message: expect.stringContaining(
        'is full, so this check was not sent: nothing reached the service and nothing was billed.',
      ) as string,
    })
    expect(failure.reachedEarlier(false)).toBe(failure)
    expect(failure.reachedEarlier(true)).toMatchObject({
      name: bridgeErrorNames.storage,
      mayHaveReachedService: true,
      message: expect.stringContaining(
        'so this check was not sent again, but an earlier attempt may have reached the service',
      ) as string,
    })
  })

  it('says a start that could not write the folder is read-only until a restart', () => {
    expect(unwritableDataFolder(folder, refusedBy('EROFS', 'open')).state).toEqual({
      writable: false,
      problem:
        'The data folder (/data/compliance-desk) cannot be written (read-only or not yours), so Compliance Desk started read-only: what it keeps can be read, but nothing can be sent or saved. Make it writable for you, then restart Compliance Desk.',
    })
  })
})
