/** The eleven record categories of a crypto search result (spec 2.5), in the spec's order. */
export const cryptoCategoryNames = [
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
export type CryptoCategoryName = (typeof cryptoCategoryNames)[number]
