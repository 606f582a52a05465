import type { z } from 'zod'

export interface BridgeMethodContract<Input extends z.ZodType, Output extends z.ZodType> {
  readonly input: Input
  readonly output: Output
  /**
   * Whether serving it calls the upstream service. Only such calls tell the renderer anything
   * about reachability, and only their internal failures may have left something done there.
   */
  readonly reachesService: boolean
}

export const defineMethod = <Input extends z.ZodType, Output extends z.ZodType>(
  input: Input,
  output: Output,
  options: { reachesService?: boolean } = {},
): BridgeMethodContract<Input, Output> => ({
  input,
  output,
  reachesService: options.reachesService ?? false,
})
