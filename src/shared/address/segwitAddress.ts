import { bech32, bech32m } from '@scure/base'
import {
  brokenAddress,
  checksumWrong,
  malformed,
  mixedCase,
  recognisedAddress,
  type AddressChain,
  type AddressCheck,
} from './addressCheck'

export type Bech32Encoding = 'bech32' | 'bech32m'
export type Bech32Failure = 'malformed' | 'mixed-case' | 'checksum'
export type Bech32Result =
  { ok: true; hrp: string; words: number[] } | { ok: false; error: Bech32Failure }

export type SegwitFailure =
  | Bech32Failure
  | 'unknown-prefix'
  | 'empty-data'
  | 'padding'
  | 'program-length'
  | 'witness-version'
  | 'wrong-encoding'
export type SegwitResult =
  | { ok: true; hrp: string; chain: AddressChain; version: number; program: Uint8Array }
  | { ok: false; error: SegwitFailure }

/** BIP-173's limit for addresses; other bech32 uses (BIP-352 silent payments) allow longer strings. */
const addressLengthLimit = 90
const hrpCharacters = /^[\x21-\x7e]+$/
const dataCharacters = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/
const checksumLength = 6

const segwitChains: Readonly<Record<string, AddressChain>> = {
  bc: 'bitcoin',
  tb: 'bitcoin-testnet', // testnet3, testnet4 and signet share it
  bcrt: 'bitcoin-testnet', // regtest
  ltc: 'litecoin',
}

const fail = <E extends SegwitFailure>(error: E) => ({ ok: false, error }) as const

/**
 * Checks a bech32 or bech32m string with any human-readable part. The structural checks run here
 * first so that a caller can tell a mistyped character (checksum) from a string that was never
 * bech32 (malformed).
 */
export function decodeBech32Checksum(
  text: string,
  encoding: Bech32Encoding,
  limit: number = addressLengthLimit,
): Bech32Result {
  const lower = text.toLowerCase()
  if (text !== lower && text !== text.toUpperCase()) return fail('mixed-case')
  const separator = lower.lastIndexOf('1')
  if (
    text.length > limit ||
    separator < 1 ||
    !hrpCharacters.test(lower.slice(0, separator)) ||
    lower.length - separator - 1 < checksumLength ||
    !dataCharacters.test(lower.slice(separator + 1))
  ) {
    return fail('malformed')
  }
  const decoded = (encoding === 'bech32' ? bech32 : bech32m).decodeUnsafe(lower, limit)
  return decoded ? { ok: true, hrp: decoded.prefix, words: decoded.words } : fail('checksum')
}

/**
 * Decodes a segwit address of a supported network. The checks follow the order of the BIP-350
 * reference decoder, so each failure names the same rule the BIP test vectors give.
 */
export function decodeSegwitAddress(text: string): SegwitResult {
  let encoding: Bech32Encoding = 'bech32'
  let decoded = decodeBech32Checksum(text, encoding)
  if (!decoded.ok && decoded.error === 'checksum') {
    encoding = 'bech32m'
    decoded = decodeBech32Checksum(text, encoding)
  }
  if (!decoded.ok) return decoded
  const chain = segwitChains[decoded.hrp]
  if (!chain) return fail('unknown-prefix')
  const [version, ...programWords] = decoded.words
  if (version === undefined) return fail('empty-data')
  const program = bech32.fromWordsUnsafe(programWords)
  if (!program) return fail('padding')
  if (program.length < 2 || program.length > 40) return fail('program-length')
  if (version > 16) return fail('witness-version')
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return fail('program-length')
  }
  // BIP-350: v0 keeps bech32, every later version must use bech32m.
  if ((version === 0) !== (encoding === 'bech32')) return fail('wrong-encoding')
  return { ok: true, hrp: decoded.hrp, chain, version, program }
}

/** Each segwit prefix with its separator, and its chain. */
const segwitStarts = Object.entries(segwitChains).map(([hrp, chain]) => [`${hrp}1`, chain] as const)
const longestStart = Math.max(...segwitStarts.map(([start]) => start.length))

/**
 * The chain whose segwit prefix `text` starts with, if any. Only the start is lower-cased: every
 * address in a bulk list is asked, and most are long.
 */
export function segwitChainOf(text: string): AddressChain | null {
  const start = text.slice(0, longestStart).toLowerCase()
  return segwitStarts.find(([prefix]) => start.startsWith(prefix))?.[1] ?? null
}

const problems: Record<SegwitFailure, string> = {
  checksum: checksumWrong,
  'mixed-case': mixedCase,
  malformed,
  // A "1" typed into the data part moves the separator, and with it the prefix.
  'unknown-prefix': malformed,
  'empty-data': 'it has no witness program: check for missing characters',
  padding: 'its length is wrong: check for missing or extra characters',
  'program-length': 'its length is wrong: check for missing or extra characters',
  'witness-version': 'its segwit version does not exist: check the character after the "1"',
  'wrong-encoding':
    'its checksum type (Bech32 or Bech32m) does not match its segwit version: check for a mistyped character',
}

export function checkSegwitAddress(text: string, chain: AddressChain): AddressCheck {
  const decoded = decodeSegwitAddress(text)
  return decoded.ok
    ? recognisedAddress(decoded.chain, text.toLowerCase())
    : brokenAddress(chain, text, problems[decoded.error])
}
