import { useLiveQuery } from 'dexie-react-hooks'
import type { CaseRecord } from '../../../../shared/cases/caseSchemas'
import { appDatabase } from '../database/appDatabase'
import { walletsOfCase, type CaseWallet } from './caseRescreen'

/** The wallets a re-screen of the case would check again, kept live. */
export const useCaseWallets = (caseRecord: CaseRecord): CaseWallet[] | undefined =>
  useLiveQuery(() => walletsOfCase(appDatabase, caseRecord), [caseRecord])

export type { CaseWallet } from './caseRescreen'
