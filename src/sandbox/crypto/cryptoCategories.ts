/** The eleven result categories of spec 2.5, in the spec's order. */
export const cryptoCategories = [
  'sanctions',
  'pep',
  'crime',
  'debarment',
  'financial_services',
  'government',
  'role',
  'religion',
  'military',
  'frozen_asset',
  'personOfInterest',
] as const
export type CryptoCategory = (typeof cryptoCategories)[number]
