import type { Parameters } from 'fast-check'

/**
 * Settings for `fc.assert`: a seed from `PROPERTY_SEED` (with `PROPERTY_PATH`, to replay one
 * failure as fast-check printed it) or a fresh one, which fast-check prints with any
 * counterexample, and the number of runs.
 */
export function propertyRuns<T>(numRuns: number): Parameters<T> {
  const seed = process.env.PROPERTY_SEED
  const path = process.env.PROPERTY_PATH
  return {
    numRuns,
    ...(seed ? { seed: Number(seed) } : {}),
    ...(seed && path ? { path } : {}),
  }
}
