export type BundleProblemKind =
  | 'unreadable'
  | 'refused'
  | 'manifest'
  | 'missing'
  | 'added'
  | 'changed'
  | 'audit-trail'
  | 'meaning'
  | 'unsigned'
  | 'signature'
  | 'signer'

export interface BundleProblem {
  kind: BundleProblemKind
  /** The entry concerned, when there is one. */
  path?: string
  detail: string
}

/**
 * What a failed verification says of the bundle as a whole. When only its meaning fails, the files
 * are exactly what was signed: the signer vouched for a record that does not hold, which is worse
 * news than damage in transit and must not read as it.
 */
export function verificationFailure(problems: readonly BundleProblem[]): string {
  return problems.length > 0 && problems.every((problem) => problem.kind === 'meaning')
    ? 'the bundle is intact as signed, but what it records does not hold'
    : 'this bundle is not as it was exported and signed'
}
