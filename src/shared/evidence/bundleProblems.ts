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
