import { bridgeErrorNames } from '../../../shared/bridge/errors'
import { ServiceError } from '../serviceError'

/** A team action this desk will not take as things stand: nothing was asked of the server. */
export const refused = (message: string): ServiceError =>
  new ServiceError(bridgeErrorNames.validation, message, {
    status: 409,
    mayHaveReachedService: false,
  })

export const notJoined = (): ServiceError => refused('This desk is not in a team: join one first.')
