import { keccak_256 } from '@noble/hashes/sha3.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base58, base58xmr, bech32, createBase58check } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { validateAddress, type AddressChain } from '../address'
import { describeAddressCheck } from './addressCheck'

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** The same address with the character at `index` replaced by its neighbour in `alphabet`. */
function mistype(text: string, index: number, alphabet: string): string {
  const position = alphabet.indexOf(text.charAt(index))
  if (position < 0) throw new Error(`${text.charAt(index)} is not in the alphabet`)
  const typo = alphabet.charAt((position + 1) % alphabet.length)
  return text.slice(0, index) + typo + text.slice(index + 1)
}

const expectChecksumWrong = (text: string, chain: AddressChain, name: string) => {
  const result = validateAddress(text)
  expect(result).toMatchObject({ valid: false, chain, normalized: text })
  expect(result.reason).toBe(
    `This looks like ${name} address but its checksum is wrong: check for a mistyped character.`,
  )
}

const unrecognised = (normalized: string) => ({
  valid: true,
  chain: null,
  normalized,
  query: normalized,
  reason: 'Not recognised as an address of a supported chain; it can still be searched as entered.',
})

describe('validateAddress on any input', () => {
  it.each(['', '   ', '\t\n'])('calls %j empty', (input) => {
    expect(validateAddress(input)).toEqual({
      valid: false,
      chain: null,
      normalized: '',
      query: '',
      reason: 'The address is empty: enter the wallet identifier to check.',
    })
  })

  it('ignores surrounding whitespace', () => {
    expect(validateAddress(' \t1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo\n')).toEqual({
      valid: true,
      chain: 'bitcoin',
      normalized: '1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo',
      query: '1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo',
      reason: null,
    })
  })

  it.each([
    'john@example.com',
    'abc123',
    '0x',
    `0x${'ab'.repeat(32)}`, // a transaction hash, not a broken address
    'ecash:qq000',
    bech32.encode('zil', bech32.toWords(new Uint8Array(20).fill(9))), // 42 characters, like CashAddr
  ])('leaves %j unrecognised but searchable', (input) => {
    expect(validateAddress(input)).toEqual(unrecognised(input))
  })
})

describe('Ethereum and EVM addresses', () => {
  const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

  it('accepts single-case addresses, which carry no checksum, and gives the EIP-55 form', () => {
    for (const input of [checksummed.toLowerCase(), `0x${checksummed.slice(2).toUpperCase()}`]) {
      expect(validateAddress(input)).toEqual({
        valid: true,
        chain: 'ethereum',
        normalized: checksummed,
        // Sent as typed: its case is only a checksum, which the service ignores.
        query: input,
        reason: null,
        withoutChecksum: true,
      })
    }
  })

  it('says a single-case address carries no checksum, and a mixed-case one had it verified', () => {
    expect(describeAddressCheck(validateAddress(checksummed.toLowerCase()))).toBe(
      'Ethereum address, written in a single letter case: it carries no checksum, so a mistyped character cannot be detected.',
    )
    expect(validateAddress(checksummed)).not.toHaveProperty('withoutChecksum')
    expect(describeAddressCheck(validateAddress(checksummed))).toBe(
      'Ethereum address, checksum verified.',
    )
  })

  it('refuses mixed case that does not match EIP-55', () => {
    const wrong = `${checksummed.slice(0, -1)}D`
    expectChecksumWrong(wrong, 'ethereum', 'an Ethereum')
    expect(validateAddress(wrong).reason).toMatch(/Ethereum.*checksum/)
  })

  it('refuses a wrong number of digits or a non-hex character', () => {
    expect(validateAddress(checksummed.slice(0, -1)).reason).toBe(
      'This looks like an Ethereum address but it has 39 hexadecimal digits instead of 40.',
    )
    expect(validateAddress(`${checksummed}00`)).toMatchObject({ valid: false, chain: 'ethereum' })
    expect(validateAddress(`${checksummed.slice(0, -1)}g`)).toMatchObject({
      valid: false,
      chain: 'ethereum',
    })
  })
})

describe('Bitcoin addresses', () => {
  const p2pkh = '1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo'
  const p2sh = '3BZECeAH8gSKkjrTx8PwMrNQBLG18yHpvf'
  const segwit = 'bc1qhxt04s5xnpy0kxw4x99n5hpdf5pmtzpqs52es2'

  it('refuses one mistyped character in each format', () => {
    expectChecksumWrong(mistype(p2pkh, 20, base58Alphabet), 'bitcoin', 'a Bitcoin')
    // The second character carries part of the version byte, so only the shape names the chain.
    expectChecksumWrong(mistype(p2sh, 1, base58Alphabet), 'bitcoin', 'a Bitcoin')
    expectChecksumWrong(mistype(segwit, 20, bech32Alphabet), 'bitcoin', 'a Bitcoin')
  })

  it('lower-cases an upper-case segwit address and refuses mixed case', () => {
    expect(validateAddress(segwit.toUpperCase()).normalized).toBe(segwit)
    const mixed = `${segwit.slice(0, -3)}${segwit.slice(-3).toUpperCase()}`
    expect(validateAddress(mixed)).toEqual({
      valid: false,
      chain: 'bitcoin',
      normalized: mixed,
      query: mixed,
      reason:
        'This looks like a Bitcoin address but it mixes upper- and lower-case letters, which its format does not allow.',
    })
  })
})

describe('Litecoin addresses', () => {
  const ltcSegwit = bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))])

  it.each([
    ['LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb', 'litecoin'],
    ['M8yFL6SFC6TreATegTyuSYkDfDRbisdpT3', 'litecoin'],
    [ltcSegwit, 'litecoin'],
    // Litecoin's legacy P2SH version is Bitcoin's, so the address is reported as Bitcoin.
    ['3BZECeAH8gSKkjrTx8PwMrNQBLG18yHpvf', 'bitcoin'],
  ])('accepts %s as %s', (address, chain) => {
    expect(validateAddress(address)).toMatchObject({ valid: true, chain })
  })

  it('refuses one mistyped character', () => {
    expectChecksumWrong(mistype(ltcSegwit, 10, bech32Alphabet), 'litecoin', 'a Litecoin')
    const legacy = mistype('LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb', 12, base58Alphabet)
    expectChecksumWrong(legacy, 'litecoin', 'a Litecoin')
  })
})

describe('Bitcoin Cash CashAddr', () => {
  // The CashAddr specification's examples for 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu and its P2SH twin.
  const p2pkh = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'
  const p2sh = 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'

  it('accepts the address with or without its prefix, in either case', () => {
    for (const input of [p2pkh, p2pkh.slice(12), p2pkh.toUpperCase()]) {
      expect(validateAddress(input)).toEqual({
        valid: true,
        chain: 'bitcoin-cash',
        normalized: p2pkh,
        // Sent as the sanctions lists write it: without the prefix, in lower case.
        query: p2pkh.slice(12),
        reason: null,
      })
    }
    expect(validateAddress(p2sh)).toMatchObject({ valid: true, chain: 'bitcoin-cash' })
  })

  it('refuses a mistyped character and mixed case', () => {
    expectChecksumWrong(mistype(p2pkh, 30, bech32Alphabet), 'bitcoin-cash', 'a Bitcoin Cash')
    expect(validateAddress(`${p2pkh.slice(0, -1)}A`)).toMatchObject({ valid: false })
  })

  it('does not call an unprefixed eCash or testnet address a broken Bitcoin Cash one', () => {
    for (const prefix of ['ecash', 'bchtest']) {
      const body = withCashAddrChecksum(prefix, p2pkh.slice(12, -8))
      expect(validateAddress(body)).toEqual(unrecognised(body))
    }
  })
})

describe('Dash, Zcash and XRP Ledger addresses', () => {
  it.each([
    ['XnPFsRWTaSgiVauosEwQ6dEitGYXgwznz2', 'dash', 'a Dash'],
    ['t1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWL', 'zcash', 'a Zcash'],
    ['rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66', 'xrp', 'an XRP Ledger'],
  ] as const)('accepts %s as %s and refuses a typo in it', (address, chain, name) => {
    expect(validateAddress(address)).toEqual({
      valid: true,
      chain,
      normalized: address,
      query: address,
      reason: null,
    })
    expectChecksumWrong(mistype(address, 15, base58Alphabet), chain, name)
  })
})

/** Re-encodes a CashAddr payload under another prefix, as the CashAddr spec describes. */
function withCashAddrChecksum(prefix: string, payload: string): string {
  const generators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n]
  const words = [
    ...Array.from(prefix, (char) => char.charCodeAt(0) & 0x1f),
    0,
    ...Array.from(payload, (char) => bech32Alphabet.indexOf(char)),
    ...Array<number>(8).fill(0),
  ]
  let c = 1n
  for (const word of words) {
    const top = c >> 35n
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(word)
    generators.forEach((g, i) => {
      if (((top >> BigInt(i)) & 1n) === 1n) c ^= g
    })
  }
  const mod = c ^ 1n
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n))
  return payload + checksum.map((word) => bech32Alphabet.charAt(word)).join('')
}

describe('describeAddressCheck', () => {
  it('says what was found, and that nothing was sent when the address is refused', () => {
    expect(describeAddressCheck(validateAddress('1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo'))).toBe(
      'Bitcoin address, checksum verified.',
    )
    expect(describeAddressCheck(validateAddress('1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mp'))).toMatch(
      /checksum is wrong.*Nothing has been sent\.$/,
    )
    expect(describeAddressCheck(validateAddress('hello'))).toMatch(/^Not recognised/)
  })
})

describe('chains whose version bytes or alphabets need telling apart', () => {
  const base58check = createBase58check(sha256)
  const withVersion = (version: number) =>
    base58check.encode(Uint8Array.of(version, ...new Uint8Array(20).fill(0x5a)))

  it.each([
    [0x26, 'bitcoin-gold'],
    [0x17, 'bitcoin-gold'],
    [0x1e, 'dogecoin'],
    // Dogecoin P2SH starts with "9" or "A", the latter like Bitcoin Gold's P2SH.
    [0x16, 'dogecoin'],
  ] as const)('names the chain of version byte %i by that byte', (version, chain) => {
    const address = withVersion(version)
    expect(validateAddress(address)).toMatchObject({ valid: true, chain, query: address })
    expect(validateAddress(mistype(address, 12, base58Alphabet))).toMatchObject({
      valid: false,
      chain,
    })
  })

  it('says a Solana key carries no checksum', () => {
    const key = base58.encode(new Uint8Array(32).fill(0x9c))
    expect(validateAddress(key)).toEqual({
      valid: true,
      chain: 'solana',
      normalized: key,
      query: key,
      reason: null,
      withoutChecksum: true,
    })
    expect(describeAddressCheck(validateAddress(key))).toBe(
      'Solana address: its format carries no checksum, so a mistyped character cannot be detected.',
    )
  })

  it('reads a BNB Beacon Chain account in either case and refuses mixed case', () => {
    const account = bech32.encode('bnb', bech32.toWords(new Uint8Array(20).fill(3)))
    expect(validateAddress(account.toUpperCase())).toMatchObject({
      valid: true,
      chain: 'bnb-beacon',
      query: account,
    })
    const mixed = `${account.slice(0, -2)}${account.slice(-2).toUpperCase()}`
    expect(validateAddress(mixed).reason).toBe(
      'This looks like a BNB Beacon Chain address but it mixes upper- and lower-case letters, which its format does not allow.',
    )
  })

  it('reads an integrated Monero address and refuses one mistyped character', () => {
    const data = Uint8Array.of(19, ...new Uint8Array(64).fill(7), ...new Uint8Array(8).fill(1))
    const integrated = base58xmr.encode(Uint8Array.of(...data, ...keccak_256(data).subarray(0, 4)))
    expect(integrated).toHaveLength(106)
    expect(validateAddress(integrated)).toMatchObject({ valid: true, chain: 'monero' })
    expectChecksumWrong(mistype(integrated, 50, base58Alphabet), 'monero', 'a Monero')
  })
})
