import { cryptoCategoryNames } from '../../../shared/bridge/cryptoContract'

const categoryLabels: Record<string, string> = {
  sanctions: 'Sanctions',
  pep: 'PEP',
  crime: 'Crime',
  debarment: 'Debarment',
  financial_services: 'Financial services',
  government: 'Government',
  role: 'Role',
  religion: 'Religion',
  military: 'Military',
  frozen_asset: 'Frozen asset',
  personOfInterest: 'Person of interest',
}

export const categoryLabel = (category: string): string => categoryLabels[category] ?? category

/** The documented categories in the spec's order, then any the service added. */
export const orderedCategories = (present: Iterable<string>): string[] => {
  const extra = [...present]
    .filter((name) => !(cryptoCategoryNames as readonly string[]).includes(name))
    .sort()
  return [...cryptoCategoryNames, ...extra]
}

export const statusLabel = (status: string): string =>
  status === 'review_required'
    ? 'Review required'
    : status === 'no_match'
      ? 'No match'
      : status.replace(/_/g, ' ')

export const statusColor = (status: string): string =>
  status === 'review_required' ? 'red' : status === 'no_match' ? 'green' : 'gray'

const outcomeLabels: Record<string, [string, string]> = {
  succeeded: ['Succeeded', 'green'],
  failed: ['Failed', 'red'],
  unknown: ['Outcome unknown', 'orange'],
  pending: ['Being settled', 'blue'],
}

/** What became of a check attempt, in a word or two. */
export const outcomeLabel = (outcome: string): string => outcomeLabels[outcome]?.[0] ?? outcome
export const outcomeColor = (outcome: string): string => outcomeLabels[outcome]?.[1] ?? 'gray'
