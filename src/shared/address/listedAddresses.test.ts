import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import delistedWallets from '../../../resources/sanctions/delisted-wallets.json'
import sanctionedWallets from '../../../resources/sanctions/sanctioned-wallets.json'
import vectorFile from '../../../resources/test-vectors/address-vectors.json'
import { propertyRuns } from '../../test-support/propertyRuns'
import { validateAddress, type AddressChain } from '../address'

/**
 * The chain each OFAC currency's addresses are recognised as. A currency the list gains is
 * missing here, and the first test says so: every chain the list gives addresses for is recognised.
 */
const chainsOfCurrency: Readonly<Record<string, readonly AddressChain[]>> = {
  XBT: ['bitcoin'],
  BSV: ['bitcoin'],
  BCH: ['bitcoin-cash'],
  BTG: ['bitcoin-gold'],
  LTC: ['litecoin'],
  // Verge kept Dogecoin's version byte.
  XVG: ['dogecoin'],
  DASH: ['dash'],
  ZEC: ['zcash'],
  XMR: ['monero'],
  ETH: ['ethereum'],
  ETC: ['ethereum'],
  ARB: ['ethereum'],
  BSC: ['ethereum'],
  USDC: ['ethereum'],
  // Tether is issued on Ethereum, Tron and (through Omni) Bitcoin.
  USDT: ['ethereum', 'tron', 'bitcoin'],
  TRX: ['tron'],
  XRP: ['xrp'],
  SOL: ['solana'],
  BNB: ['bnb-beacon'],
}

/** What the list files under a currency whose format it is not: the address's own chain decides. */
const misfiled: Readonly<Record<string, AddressChain>> = {
  // Listed as XBT, but a Tron address (T…, Base58Check with version 0x41).
  TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq: 'tron',
}
/** Listed as XMR but 64 hexadecimal digits, no Monero address: searchable as entered, exactly. */
const notAnAddress = '5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320'

const listed = [...sanctionedWallets, ...delistedWallets].map(({ publicKey, currency }) => ({
  publicKey,
  currency,
}))
const addresses = listed.map(({ publicKey }) => publicKey).filter((key) => key !== notAnAddress)
const vectorAddresses = [
  ...vectorFile.bech32.valid,
  ...vectorFile.bech32m.valid,
  ...vectorFile.eip55.valid,
  ...vectorFile.base58check.valid,
  ...vectorFile.tron.valid,
]
  .filter(({ kind }) => kind !== 'checksum_string')
  .map((vector) => vector.string)

/** Seeded, so a run is repeatable; fast-check prints the seed and path of any counterexample. */
const runs = (numRuns: number) => ({ seed: 24_04, ...propertyRuns(numRuns) })

const bech32Family = /^(bc|tb|bcrt|ltc|bnb)1/i

describe('every address on the OFAC list and in the test vectors', () => {
  it('is recognised with the chain its currency names, and its canonical form is a fixed point', () => {
    for (const { publicKey, currency } of listed) {
      const check = validateAddress(publicKey)
      if (publicKey === notAnAddress) {
        expect(check).toMatchObject({ valid: true, chain: null, query: publicKey })
        continue
      }
      const chains = chainsOfCurrency[currency]
      expect(chains, `${currency} is a currency the list names: give its chain`).toBeDefined()
      const expected = misfiled[publicKey] ? [misfiled[publicKey]] : (chains ?? [])
      expect(check, `${currency} ${publicKey}`).toMatchObject({ valid: true, reason: null })
      expect(expected, `${currency} ${publicKey} is ${check.chain}`).toContain(check.chain)
    }
    for (const text of [...addresses, ...vectorAddresses]) {
      const check = validateAddress(text)
      expect(check.chain, text).not.toBeNull()
      // What is sent and what is keyed each read back as themselves.
      expect(validateAddress(check.query), text).toEqual(check)
      expect(validateAddress(check.normalized).normalized, text).toBe(check.normalized)
    }
  })

  it('sends and keys an upper-case bech32 or CashAddr address as the lower-case one listed', () => {
    const lowerCaseFormats = [...addresses, ...vectorAddresses].filter(
      (text) => bech32Family.test(text) || validateAddress(text).chain === 'bitcoin-cash',
    )
    expect(lowerCaseFormats.length).toBeGreaterThan(100)
    for (const text of lowerCaseFormats) {
      const listedForm = validateAddress(text)
      const upper = validateAddress(text.toUpperCase())
      expect(upper, text).toEqual(listedForm)
      expect(upper.query, text).toBe(upper.query.toLowerCase())
    }
    for (const publicKey of addresses.filter((key) => bech32Family.test(key))) {
      expect(validateAddress(publicKey.toUpperCase()).query).toBe(publicKey)
    }
  })

  it('keys an EVM address the same in any case and sends it as typed', () => {
    const evm = addresses.filter((text) => text.startsWith('0x'))
    fc.assert(
      fc.property(
        fc.constantFrom(...evm),
        fc.func(fc.boolean()),
        fc.boolean(),
        (address, upper, capitalPrefix) => {
          const digits = Array.from(address.slice(2), (char, i) =>
            upper(i) ? char.toUpperCase() : char.toLowerCase(),
          ).join('')
          const typed = `${capitalPrefix ? '0X' : '0x'}${digits}`
          const check = validateAddress(typed)
          // Mixed case is an EIP-55 checksum: typed at random, it is wrong and refused.
          if (!check.valid) return check.reason?.includes('checksum is wrong') === true
          return (
            check.normalized === validateAddress(address).normalized &&
            check.query === `0x${digits}`
          )
        },
      ),
      runs(500),
    )
  })

  it('refuses, or does not recognise, any single-character change to a checksummed address', () => {
    const checksummed = [...addresses, ...vectorAddresses].filter((text) => {
      const check = validateAddress(text)
      return check.valid && check.chain !== null && check.withoutChecksum !== true
    })
    // Everything listed carries a checksum but Solana keys and EVM addresses in a single case.
    for (const text of addresses) {
      const digits = text.slice(2)
      const unguarded =
        validateAddress(text).chain === 'solana' ||
        (text.startsWith('0x') &&
          (digits === digits.toLowerCase() || digits === digits.toUpperCase()))
      expect(checksummed.includes(text), text).toBe(!unguarded)
    }
    const alphanumeric = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    fc.assert(
      fc.property(
        fc.constantFrom(...checksummed),
        fc.nat(),
        fc.constantFrom(...alphanumeric),
        (address, at, replacement) => {
          const index = at % address.length
          fc.pre(address.charAt(index) !== replacement)
          const changed = address.slice(0, index) + replacement + address.slice(index + 1)
          const check = validateAddress(changed)
          // A letter's case changed where the format ignores case names the same wallet.
          const sameWallet = check.normalized === validateAddress(address).normalized
          return !check.valid || check.chain === null || sameWallet
        },
      ),
      runs(5_000),
    )
  })

  it('refuses blanks and invisible characters inside, and drops them around', () => {
    const inside = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u200b', '\ufeff']
    fc.assert(
      fc.property(
        fc.constantFrom(...addresses),
        fc.nat(),
        fc.constantFrom(...inside),
        fc.array(fc.constantFrom(...inside), { maxLength: 3 }),
        (address, at, blank, around) => {
          const index = 1 + (at % (address.length - 1))
          const split = validateAddress(address.slice(0, index) + blank + address.slice(index))
          const padded = validateAddress(`${around.join('')}${address}${around.join('')}`)
          return (
            !split.valid &&
            split.chain === null &&
            /inside it/.test(split.reason ?? '') &&
            JSON.stringify(padded) === JSON.stringify(validateAddress(address))
          )
        },
      ),
      runs(1_000),
    )
  })
})

describe('what is no address', () => {
  const tron = addresses.filter((text) => validateAddress(text).chain === 'tron')
  const p2sh = addresses.filter((text) => /^3/.test(text))

  it('leaves "0x123", "not-an-address" and truncated Tron and P2SH addresses unrecognised', () => {
    const truncated = [...tron, ...p2sh].map((text) => text.slice(0, -1))
    expect(truncated.length).toBeGreaterThan(50)
    for (const text of ['0x123', 'not-an-address', ...truncated]) {
      expect(validateAddress(text), text).toMatchObject({ valid: true, chain: null, query: text })
    }
  })

  it.each([
    ['=HYPERLINK("http://x","open")', /formula/],
    ['"bc1qhxt04s5xnpy0kxw4x99n5hpdf5pmtzpqs52es2"', /quotation mark/],
    ['+1+1', /formula/],
    ['@SUM(1,1)', /formula/],
    ['Hydra Market', /a space inside it/],
  ])('refuses %s, saying why', (text, reason) => {
    const check = validateAddress(text)
    expect(check).toMatchObject({ valid: false, chain: null })
    expect(check.reason).toMatch(reason)
  })
})
