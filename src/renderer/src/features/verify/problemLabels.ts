import type { BundleProblemKind } from '../../../../shared/evidence/verifyBundle'

export const problemLabels: Record<BundleProblemKind, string> = {
  unreadable: 'Unreadable',
  refused: 'Refused entry',
  manifest: 'Manifest',
  missing: 'Missing',
  added: 'Added',
  changed: 'Changed',
  'audit-trail': 'Audit trail',
  meaning: 'Contradicts the trail',
  unsigned: 'Unsigned',
  signature: 'Signature',
  signer: 'Signer',
}
