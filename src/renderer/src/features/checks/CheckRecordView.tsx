import { isStoredCheck, type CheckRecord } from '../../data/checks/checkRepository'
import { CheckAttemptView } from './CheckAttemptView'
import { CheckResultView } from './CheckResultView'

/** A record from History: the check's result, or what became of an attempt that gave none. */
export function CheckRecordView({ record }: { record: CheckRecord }) {
  return isStoredCheck(record) ? (
    <CheckResultView stored={record} />
  ) : (
    <CheckAttemptView attempt={record} />
  )
}
