import { describe, expect, it } from 'vitest'
import {
  datasetName,
  isSyntheticDataset,
  isSyntheticRecord,
  sandboxInventedFields,
  topicName,
} from './recordVocabulary'

describe('record vocabulary', () => {
  it('names the codes investigators meet', () => {
    expect(datasetName('us_ofac_sdn')).toBe('US OFAC SDN list')
    expect(topicName('role.pep')).toBe('Politically exposed person')
    expect(topicName('sanction')).toBe('Sanctioned entity')
  })

  it('reads an unknown code as words rather than hiding it', () => {
    expect(datasetName('ch_seco_sanctions')).toBe('Ch seco sanctions')
    expect(topicName('role.new_kind')).toBe('Role new kind')
  })

  it('tells the sandbox’s made-up datasets apart', () => {
    expect(isSyntheticDataset('synthetic_pep_register')).toBe(true)
    expect(isSyntheticDataset('us_ofac_sdn')).toBe(false)
  })
})

describe('synthetic records', () => {
  it('knows a record from a made-up dataset, and which fields the sandbox invents for all', () => {
    expect(isSyntheticRecord({ datasets: ['us_ofac_sdn', 'synthetic_pep_register'] })).toBe(true)
    expect(isSyntheticRecord({ datasets: ['us_ofac_sdn'] })).toBe(false)
    expect(isSyntheticRecord({ datasets: 'synthetic_pep_register' })).toBe(false)
    expect(sandboxInventedFields).toEqual(['balance', 'amountUsd'])
  })
})
