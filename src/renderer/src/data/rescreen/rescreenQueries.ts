import { useLiveQuery } from 'dexie-react-hooks'
import { appDatabase } from '../database/appDatabase'
import { walletsOfChecks } from './listRescreen'
import type { RescreenWallet } from './rescreenWallets'

/**
 * The wallets of the chosen checks, kept live. It reads those checks by key only, so the checks
 * a re-screen adds do not make it read them again.
 */
export const useWalletsOfChecks = (localIds: readonly string[]): RescreenWallet[] | undefined =>
  useLiveQuery(() => walletsOfChecks(appDatabase, localIds), [localIds])
