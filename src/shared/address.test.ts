import { hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import vectorFile from '../../resources/test-vectors/address-vectors.json'
import { validateAddress, type AddressChain } from './address'
import { decodeBase58, decodeBase58Check } from './address/base58Address'
import { toChecksumAddress } from './address/evmAddress'
import {
  decodeBech32Checksum,
  decodeSegwitAddress,
  type Bech32Encoding,
  type Bech32Failure,
  type SegwitFailure,
} from './address/segwitAddress'

const vectorSchema = z.object({
  string: z.string(),
  kind: z.enum([
    'checksum_string',
    'segwit_address',
    'bitcoin_address',
    'bitcoin_address_or_key',
    'silent_payment_address',
    'eth_address',
    'base58_raw',
    'tron_address',
  ]),
  source: z.union([z.string(), z.array(z.string())]),
  network: z.string().optional(),
  witnessVersion: z.number().optional(),
  scriptPubKey: z.string().optional(),
  tryCaseFlip: z.boolean().optional(),
  checksumEncoding: z.enum(['bech32', 'bech32m', 'none']).optional(),
  reason: z.string().optional(),
  reasonComputed: z.string().optional(),
  case: z.enum(['all caps', 'all lower', 'normal']).optional(),
  type: z.enum(['p2pkh', 'p2sh']).optional(),
  versionByte: z.string().optional(),
  hex: z.string().optional(),
})
type Vector = z.infer<typeof vectorSchema>
const category = z.object({ valid: z.array(vectorSchema), invalid: z.array(vectorSchema) })
const vectors = z
  .object({
    bech32: category,
    bech32m: category,
    eip55: category,
    base58check: category,
    base58: z.object({ valid: z.array(vectorSchema) }),
    tron: category,
  })
  .parse(vectorFile)

const reasonOf = (vector: Vector): string => {
  const reason = vector.reason ?? vector.reasonComputed
  if (reason === undefined) throw new Error(`${vector.string} states no reason`)
  return reason.toLowerCase()
}
const named = (vectors: readonly Vector[]) =>
  vectors.map((vector) => [vector.string, vector] as const)
const bitcoinChain = (network: string | undefined): AddressChain =>
  network === 'main' ? 'bitcoin' : 'bitcoin-testnet'
const isAcceptedBitcoin = (text: string) => {
  const { valid, chain } = validateAddress(text)
  return valid && (chain === 'bitcoin' || chain === 'bitcoin-testnet')
}
/** Bitcoin Core's `tryCaseFlip`: the address with every letter's case inverted. */
const flipCase = (text: string) =>
  Array.from(text, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')

const malformedReasons = [
  'out of range',
  'max length',
  'invalid data character',
  'too short checksum',
  'invalid character in checksum',
  'empty hrp',
  'no separator',
]
function bech32FailureFor(reason: string): Bech32Failure {
  if (reason.includes('uppercase form of hrp')) return 'checksum'
  if (malformedReasons.some((r) => reason.includes(r))) {
    return 'malformed'
  }
  throw new Error(`no expected failure for "${reason}"`)
}
function segwitFailureFor(reason: string): SegwitFailure {
  const rules: [string, SegwitFailure][] = [
    ['instead of', 'wrong-encoding'],
    ['encoded with bech32', 'wrong-encoding'],
    ['checksum', 'checksum'],
    ['mixed case', 'mixed-case'],
    ['human-readable part', 'unknown-prefix'],
    ['padding', 'padding'],
    ['program length', 'program-length'],
    ['witness version', 'witness-version'],
    ['empty data', 'empty-data'],
  ]
  const rule = rules.find(([phrase]) => reason.includes(phrase))
  if (!rule) throw new Error(`no expected failure for "${reason}"`)
  return rule[1]
}

const witnessScript = (version: number, program: Uint8Array) =>
  hex.encode(Uint8Array.of(version === 0 ? 0 : 0x50 + version, program.length, ...program))

/** `checksumEncoding` says which checksum, if any, holds under the 90-character address limit. */
function expectStatedChecksum(text: string, vector: Vector) {
  const stated = vector.checksumEncoding
  if (stated === 'bech32' || stated === 'bech32m') {
    expect(decodeBech32Checksum(text, stated).ok).toBe(true)
  } else if (stated === 'none') {
    expect(decodeBech32Checksum(text, 'bech32').ok).toBe(false)
    expect(decodeBech32Checksum(text, 'bech32m').ok).toBe(false)
  }
}

describe.each(['bech32', 'bech32m'] as const)('%s vectors', (encoding: Bech32Encoding) => {
  const { valid, invalid } = vectors[encoding]
  const other: Bech32Encoding = encoding === 'bech32' ? 'bech32m' : 'bech32'
  const kind = (k: Vector['kind'], list: readonly Vector[]) =>
    named(list.filter((v) => v.kind === k))

  it.each(kind('checksum_string', valid))('%s has a sound checksum', (text) => {
    expect(decodeBech32Checksum(text, encoding).ok).toBe(true)
    expect(decodeBech32Checksum(text, other)).toEqual({ ok: false, error: 'checksum' })
  })

  it.each(kind('checksum_string', invalid))('%s is refused', (text, vector) => {
    const failure = bech32FailureFor(reasonOf(vector))
    expect(decodeBech32Checksum(text, encoding)).toEqual({ ok: false, error: failure })
  })

  it.each(kind('segwit_address', valid))('%s is a valid address', (text, vector) => {
    const chain = bitcoinChain(vector.network)
    expect(validateAddress(text)).toEqual({
      valid: true,
      chain,
      normalized: text.toLowerCase(),
      query: text.toLowerCase(),
      reason: null,
    })
    expect(decodeBech32Checksum(text, encoding).ok).toBe(true)
    const decoded = decodeSegwitAddress(text)
    if (!decoded.ok) throw new Error(decoded.error)
    expect(decoded.version).toBe(vector.witnessVersion)
    expect(witnessScript(decoded.version, decoded.program)).toBe(vector.scriptPubKey)
    if (vector.tryCaseFlip) {
      expect(validateAddress(flipCase(text))).toMatchObject({ valid: true, chain })
    }
  })

  it.each(kind('segwit_address', invalid))(
    '%s is refused for its stated reason',
    (text, vector) => {
      expect(isAcceptedBitcoin(text)).toBe(false)
      expect(decodeSegwitAddress(text)).toEqual({
        ok: false,
        error: segwitFailureFor(reasonOf(vector)),
      })
      expectStatedChecksum(text, vector)
    },
  )

  it.each(kind('silent_payment_address', invalid))('%s is not an address', (text, vector) => {
    expect(validateAddress(text).chain).toBeNull()
    expect(decodeSegwitAddress(text).ok).toBe(false)
    expectStatedChecksum(text, vector)
  })
})

describe('EIP-55 vectors', () => {
  it.each(named(vectors.eip55.valid))('%s is valid', (text, vector) => {
    const result = validateAddress(text)
    expect(result).toMatchObject({ valid: true, chain: 'ethereum', reason: null })
    expect(result.normalized.toLowerCase()).toBe(text.toLowerCase())
    expect(validateAddress(result.normalized).normalized).toBe(result.normalized)
    if (vector.case === 'normal') {
      expect(result.normalized).toBe(text)
      expect(toChecksumAddress(text.toLowerCase())).toBe(text)
    }
  })

  it.each(named(vectors.eip55.invalid))('%s has a wrong checksum', (text) => {
    const result = validateAddress(text)
    expect(result).toMatchObject({ valid: false, chain: 'ethereum', normalized: text })
    expect(result.reason).toMatch(/Ethereum.*checksum/)
  })
})

describe('Base58Check vectors', () => {
  it.each(named(vectors.base58check.valid))('%s is valid', (text, vector) => {
    expect(validateAddress(text)).toEqual({
      valid: true,
      chain: bitcoinChain(vector.network),
      normalized: text,
      query: text,
      reason: null,
    })
    const decoded = decodeBase58Check(text)
    if (!decoded.ok) throw new Error(decoded.error)
    expect(decoded.payload[0]).toBe(Number(vector.versionByte))
    const hash = hex.encode(decoded.payload.subarray(1))
    expect(vector.scriptPubKey).toBe(
      vector.type === 'p2pkh' ? `76a914${hash}88ac` : `a914${hash}87`,
    )
  })

  it.each(named(vectors.base58check.invalid))('%s is refused', (text, vector) => {
    expect(isAcceptedBitcoin(text)).toBe(false)
    const reason = reasonOf(vector)
    const decoded = decodeBase58Check(text)
    if (reason === 'invalid checksum') {
      expect(decoded).toMatchObject({ ok: false, error: 'checksum' })
    } else if (reason === 'not base58check') {
      expect(decoded.ok).toBe(false)
      expect(decoded).not.toMatchObject({ error: 'checksum' })
    } else {
      expect(reason).toMatch(/^valid checksum but/)
      if (!decoded.ok) throw new Error(decoded.error)
      const bitcoinVersions = [0x00, 0x05, 0x6f, 0xc4]
      const addressShaped =
        decoded.payload.length === 21 && bitcoinVersions.includes(decoded.payload[0] ?? -1)
      expect(addressShaped).toBe(false)
    }
  })
})

describe('raw Base58 vectors', () => {
  it.each(named(vectors.base58.valid))('"%s" decodes to its bytes', (text, vector) => {
    const bytes = decodeBase58(text)
    expect(bytes && hex.encode(bytes)).toBe(vector.hex)
  })
})

describe('TRON vectors', () => {
  it.each(named(vectors.tron.valid))('%s is valid', (text, vector) => {
    expect(validateAddress(text)).toEqual({
      valid: true,
      chain: 'tron',
      normalized: text,
      query: text,
      reason: null,
    })
    const decoded = decodeBase58Check(text)
    expect(decoded.ok && hex.encode(decoded.payload)).toBe(vector.hex?.toLowerCase())
  })

  it.each(named(vectors.tron.invalid))('%s is not a valid TRON address', (text, vector) => {
    const result = validateAddress(text)
    expect(result.valid && result.chain === 'tron').toBe(false)
    const decoded = decodeBase58Check(text)
    if (reasonOf(vector).includes('invalid checksum')) {
      expect(decoded).toMatchObject({ ok: false, error: 'checksum' })
      expect(result).toMatchObject({ valid: false, chain: 'tron' })
      expect(result.reason).toMatch(/Tron.*checksum/)
    } else {
      if (!decoded.ok) throw new Error(decoded.error)
      expect(decoded.payload[0]).not.toBe(0x41)
    }
  })
})
