import { bech32 } from '@scure/base'
import {
  brokenAddress,
  checksumWrong,
  malformed,
  mixedCase,
  recognisedAddress,
  type AddressCheck,
} from './addressCheck'

const mainnetPrefix = 'bitcoincash'
/** Networks whose unprefixed addresses look exactly like Bitcoin Cash ones. */
const otherPrefixes = ['bchtest', 'bchreg', 'ecash', 'ectest']
const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const unprefixedShape = new RegExp(`^[qpzr][${alphabet}]{41}$`)
const checksumWords = 8
const generators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n]
/** Hash size in bits for each value of the version byte's low three bits. */
const hashBits = [160, 192, 224, 256, 320, 384, 448, 512]

/** The 40-bit BCH code of the CashAddr spec; zero for a correct address. */
function polymod(words: readonly number[]): bigint {
  let c = 1n
  for (const word of words) {
    const top = c >> 35n
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(word)
    generators.forEach((generator, i) => {
      if (((top >> BigInt(i)) & 1n) !== 0n) c ^= generator
    })
  }
  return c ^ 1n
}

const checksumHolds = (prefix: string, words: readonly number[]) =>
  polymod([...Array.from(prefix, (char) => char.charCodeAt(0) & 0x1f), 0, ...words]) === 0n

/** Bitcoin Cash CashAddr, with or without its `bitcoincash:` prefix; null for other shapes. */
export function checkCashAddress(text: string): AddressCheck | null {
  const lower = text.toLowerCase()
  const prefixed = lower.startsWith(`${mainnetPrefix}:`)
  const body = prefixed ? lower.slice(mainnetPrefix.length + 1) : lower
  // Unprefixed, only the usual 42 characters of the CashAddr alphabet are claimed: other strings
  // starting with q, p, z or r (Zilliqa's "zil1…", for one) belong to other chains.
  if (!prefixed && !unprefixedShape.test(body)) return null
  if (text !== lower && text !== text.toUpperCase()) {
    return brokenAddress('bitcoin-cash', text, mixedCase)
  }
  const words = Array.from(body, (char) => alphabet.indexOf(char))
  if (words.length <= checksumWords || words.includes(-1)) {
    return brokenAddress('bitcoin-cash', text, malformed)
  }
  if (!checksumHolds(mainnetPrefix, words)) {
    const otherNetwork = !prefixed && otherPrefixes.some((prefix) => checksumHolds(prefix, words))
    return otherNetwork ? null : brokenAddress('bitcoin-cash', text, checksumWrong)
  }
  const payload = bech32.fromWordsUnsafe(words.slice(0, -checksumWords)) ?? new Uint8Array()
  const version = payload[0] ?? 0x80
  // The version byte's top bit is reserved and its low bits fix the hash size.
  const sound = (version & 0x80) === 0 && payload.length - 1 === (hashBits[version & 0x07] ?? 0) / 8
  // Sent without its prefix, as the sanctions lists write it; keyed with it, which names the chain.
  return sound
    ? recognisedAddress('bitcoin-cash', `${mainnetPrefix}:${body}`, { query: body })
    : brokenAddress('bitcoin-cash', text, malformed)
}
