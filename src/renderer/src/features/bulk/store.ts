import { create } from 'zustand'

/** The list being prepared: text as read, not yet a job. */
export interface BulkState {
  fileName: string | null
  /** SHA-256 (hex) of the chosen file's bytes as read from disk; null for pasted text. */
  fileSha256: string | null
  text: string
  addressColumn: number | null
  /** Input columns carried into the results beside the address; null: every one. */
  carryColumns: number[] | null
  /** Values that are no recognised address are sent as they are: the user's deliberate choice. */
  sendUnrecognised: boolean
  freshnessHours: number | null
  /** Invalid rows left out of the job and its results file. */
  excludeInvalid: boolean
}

export const getInitialState = (): BulkState => ({
  fileName: null,
  fileSha256: null,
  text: '',
  addressColumn: null,
  carryColumns: null,
  sendUnrecognised: false,
  freshnessHours: 24,
  excludeInvalid: false,
})

export const useBulkStore = create<BulkState>()(getInitialState)

export const bulkActions = {
  setInput: (text: string, fileName: string | null, fileSha256: string | null = null) =>
    useBulkStore.setState({
      text,
      fileName,
      fileSha256,
      addressColumn: null,
      carryColumns: null,
      sendUnrecognised: false,
    }),
  setAddressColumn: (addressColumn: number) => useBulkStore.setState({ addressColumn }),
  setCarryColumns: (carryColumns: number[]) => useBulkStore.setState({ carryColumns }),
  setSendUnrecognised: (sendUnrecognised: boolean) => useBulkStore.setState({ sendUnrecognised }),
  setFreshnessHours: (freshnessHours: number | null) => useBulkStore.setState({ freshnessHours }),
  setExcludeInvalid: (excludeInvalid: boolean) => useBulkStore.setState({ excludeInvalid }),
  clearInput: () =>
    useBulkStore.setState({
      text: '',
      fileName: null,
      fileSha256: null,
      addressColumn: null,
      carryColumns: null,
      sendUnrecognised: false,
    }),
}

/** The columns carried into the results: those chosen, or every one but the address. */
export const carriedColumns = (
  chosen: number[] | null,
  columnCount: number,
  addressColumn: number,
): number[] =>
  chosen ??
  Array.from({ length: columnCount }, (_, index) => index).filter(
    (index) => index !== addressColumn,
  )
