import type { z } from 'zod'

/**
 * What most inputs need at most, as JSON: ids, an address, a key, a setting. A method whose
 * input may be larger (a chunk of a backup or an export) says how large in its contract.
 */
export const defaultMaxInputBytes = 4 * 1024

export interface BridgeMethodContract<Input extends z.ZodType, Output extends z.ZodType> {
  readonly input: Input
  readonly output: Output
  /**
   * Whether serving it calls the upstream service. Only such calls tell the renderer anything
   * about reachability, and only their internal failures may have left something done there.
   */
  readonly reachesService: boolean
  /** The largest input, as JSON in UTF-8, the browser host reads for it (more is refused). */
  readonly maxInputBytes: number
}

export const defineMethod = <Input extends z.ZodType, Output extends z.ZodType>(
  input: Input,
  output: Output,
  options: { reachesService?: boolean; maxInputBytes?: number } = {},
): BridgeMethodContract<Input, Output> => ({
  input,
  output,
  reachesService: options.reachesService ?? false,
  maxInputBytes: options.maxInputBytes ?? defaultMaxInputBytes,
})
