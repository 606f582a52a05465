import { useState } from 'react'
import { bridgeErrorNames } from '../../../shared/bridge'
import type { ExportDelivery } from '../../../shared/bridge/evidenceContract'
import { BridgeCallError } from '../bridge/bridgeClient'
import { startDownload } from './fileDelivery'

export type DeliveryState<Result> =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; result: Result }
  | { kind: 'failed'; message: string }

/**
 * A file the main side writes (a bundle, a backup): progress while it is made, then the download
 * in the browser mode; a cancelled save dialog returns to idle, any other failure is a sentence.
 */
export function useFileDelivery<Result extends { delivery: ExportDelivery }>(
  produce: (onProgress: (done: number, total: number) => void) => Promise<Result>,
  describeError: (error: unknown) => string,
): { state: DeliveryState<Result>; run: () => Promise<void> } {
  const [state, setState] = useState<DeliveryState<Result>>({ kind: 'idle' })
  const run = async (): Promise<void> => {
    setState({ kind: 'running', done: 0, total: 0 })
    try {
      const result = await produce((done, total) => setState({ kind: 'running', done, total }))
      if (result.delivery.kind === 'download') {
        startDownload(result.delivery.url, result.delivery.fileName)
      }
      setState({ kind: 'done', result })
    } catch (error) {
      if (error instanceof BridgeCallError && error.name === bridgeErrorNames.cancelled) {
        return setState({ kind: 'idle' })
      }
      setState({ kind: 'failed', message: describeError(error) })
    }
  }
  return { state, run }
}
