import { useState } from 'react'
import { caseErrorMessage } from './caseErrorMessage'

/**
 * Runs one change of a case from a dialog: on success what follows (close, open the case); on
 * refusal the reason in one sentence, kept for the dialog to show.
 */
export function useCaseChange(fieldLabel?: string) {
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = async <Result>(
    change: () => Promise<Result>,
    then: (result: Result) => void,
  ): Promise<void> => {
    try {
      const result = await change()
      setFailure(null)
      then(result)
    } catch (error) {
      setFailure(caseErrorMessage(error, fieldLabel))
    }
  }
  return { failure, attempt }
}
