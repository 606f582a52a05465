/**
 * Human names for the codes a matched record carries (datasets and topics, OpenSanctions'
 * vocabulary). One table for every place that shows or searches them — the hit card, History's
 * index, the report — so a code is never named two ways. An unknown code still reads as words.
 */

const datasetNames: Readonly<Record<string, string>> = {
  us_ofac_sdn: 'US OFAC SDN list',
  us_ofac_cons: 'US OFAC consolidated non-SDN list',
  eu_fsf: 'EU financial sanctions list',
  gb_hmt_sanctions: 'UK HM Treasury sanctions list',
  un_sc_sanctions: 'UN Security Council sanctions list',
  synthetic_pep_register: 'Synthetic PEP register',
  synthetic_frozen_assets: 'Synthetic frozen-asset register',
  synthetic_fin_services_warnings: 'Synthetic financial-services warnings',
  synthetic_debarment_list: 'Synthetic debarment list',
}

const topicNames: Readonly<Record<string, string>> = {
  sanction: 'Sanctioned entity',
  'sanction.linked': 'Linked to a sanctioned entity',
  'sanction.counter': 'Counter-sanctioned entity',
  debarment: 'Debarred entity',
  'role.pep': 'Politically exposed person',
  'role.rca': 'Close associate of a PEP',
  'role.judge': 'Judge',
  'role.civil': 'Civil servant',
  'role.diplo': 'Diplomat',
  poi: 'Person of interest',
  gov: 'Government',
  'gov.soe': 'State-owned enterprise',
  crime: 'Crime',
  'crime.fin': 'Financial crime',
  'crime.fraud': 'Fraud',
  'crime.cyber': 'Cybercrime',
  'crime.terror': 'Terrorism',
  'crime.traffick': 'Trafficking',
  'crime.war': 'War crimes',
  'asset.frozen': 'Frozen asset',
  fin: 'Financial services',
  'fin.bank': 'Bank',
  mil: 'Military',
  rel: 'Religion',
  wanted: 'Wanted',
  'export.control': 'Export controlled',
  'reg.action': 'Regulator action',
  'reg.warn': 'Regulator warning',
}

/** `some_code.part` → "Some code part": an unknown code still reads as words, never as nothing. */
const codeAsWords = (code: string): string => {
  const words = code.replace(/[._-]+/g, ' ').trim()
  return words === '' ? code : words.charAt(0).toUpperCase() + words.slice(1)
}

export const datasetName = (code: string): string => datasetNames[code] ?? codeAsWords(code)

export const topicName = (code: string): string => topicNames[code] ?? codeAsWords(code)

/** Datasets the local sandbox makes up: their records are synthetic and must be shown as such. */
export const isSyntheticDataset = (code: string): boolean => code.startsWith('synthetic_')

/**
 * Fields the local sandbox makes up for every record it serves (the public sanctions data carries
 * no balance or value: `src/sandbox/crypto/cryptoSearchRoute.ts` derives them from the address).
 */
export const sandboxInventedFields: readonly string[] = ['balance', 'amountUsd']

/** A record from one of the sandbox's made-up datasets: everything in it is synthetic. */
export const isSyntheticRecord = (record: Record<string, unknown>): boolean =>
  Array.isArray(record.datasets) &&
  record.datasets.some((code) => typeof code === 'string' && isSyntheticDataset(code))
