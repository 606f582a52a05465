import type { Parameters } from 'fast-check'

/**
 * Settings for `fc.assert`: a seed from `PROPERTY_SEED` (to replay a failure) or a fresh one, which
 * fast-check prints with any counterexample, and the number of runs.
 */
export function propertyRuns<T>(numRuns: number): Parameters<T> {
  const fromEnvironment = process.env.PROPERTY_SEED
  return {
    numRuns,
    ...(fromEnvironment ? { seed: Number(fromEnvironment) } : {}),
  }
}
