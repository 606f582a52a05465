import type { z } from 'zod'

export interface BridgeMethodContract<Input extends z.ZodType, Output extends z.ZodType> {
  readonly input: Input
  readonly output: Output
}

export const defineMethod = <Input extends z.ZodType, Output extends z.ZodType>(
  input: Input,
  output: Output,
): BridgeMethodContract<Input, Output> => ({ input, output })
