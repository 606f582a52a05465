import { sha256 } from '@noble/hashes/sha2.js'
import { base58, base58xrp } from '@scure/base'
import {
  brokenAddress,
  checksumWrong,
  recognisedAddress,
  type AddressChain,
  type AddressCheck,
} from './addressCheck'

export type Base58Alphabet = 'bitcoin' | 'xrp'
export type Base58CheckResult =
  | { ok: true; payload: Uint8Array }
  | { ok: false; error: 'not-base58' | 'too-short' }
  | { ok: false; error: 'checksum'; payload: Uint8Array }

const coders = { bitcoin: base58, xrp: base58xrp }
const checksumLength = 4
const hashLength = 20
const solanaKeyLength = 32

export function decodeBase58(
  text: string,
  alphabet: Base58Alphabet = 'bitcoin',
): Uint8Array | null {
  try {
    return coders[alphabet].decode(text)
  } catch {
    return null
  }
}

/** Base58Check: the payload followed by the first four bytes of its double SHA-256. */
export function decodeBase58Check(
  text: string,
  alphabet: Base58Alphabet = 'bitcoin',
): Base58CheckResult {
  const bytes = decodeBase58(text, alphabet)
  if (!bytes) return { ok: false, error: 'not-base58' }
  if (bytes.length <= checksumLength) return { ok: false, error: 'too-short' }
  const payload = bytes.subarray(0, -checksumLength)
  const expected = sha256(sha256(payload))
  for (let i = 0; i < checksumLength; i++) {
    if (bytes[payload.length + i] !== expected[i]) return { ok: false, error: 'checksum', payload }
  }
  return { ok: true, payload }
}

interface Base58Format {
  chain: AddressChain
  version: readonly number[]
  /** Leading characters and exact length every address of this version has. */
  shape: RegExp
}

const b58 = '[1-9A-HJ-NP-Za-km-z]'
const formats: readonly Base58Format[] = [
  // Leading zero bytes of the hash become extra "1"s, so P2PKH is the one variable length.
  { chain: 'bitcoin', version: [0x00], shape: new RegExp(`^1${b58}{25,33}$`) },
  // Litecoin used 0x05 for P2SH before it moved to 0x32, so "3…" cannot be told apart.
  { chain: 'bitcoin', version: [0x05], shape: new RegExp(`^3${b58}{33}$`) },
  { chain: 'bitcoin-testnet', version: [0x6f], shape: new RegExp(`^[mn]${b58}{33}$`) },
  { chain: 'bitcoin-testnet', version: [0xc4], shape: new RegExp(`^2${b58}{34}$`) },
  { chain: 'litecoin', version: [0x30], shape: new RegExp(`^L${b58}{33}$`) },
  { chain: 'litecoin', version: [0x32], shape: new RegExp(`^M${b58}{33}$`) },
  { chain: 'dash', version: [0x4c], shape: new RegExp(`^X${b58}{33}$`) },
  { chain: 'dash', version: [0x10], shape: new RegExp(`^7${b58}{33}$`) },
  { chain: 'zcash', version: [0x1c, 0xb8], shape: new RegExp(`^t1${b58}{33}$`) },
  { chain: 'zcash', version: [0x1c, 0xbd], shape: new RegExp(`^t3${b58}{33}$`) },
  { chain: 'tron', version: [0x41], shape: new RegExp(`^T${b58}{33}$`) },
  { chain: 'bitcoin-gold', version: [0x26], shape: new RegExp(`^G${b58}{33}$`) },
  { chain: 'bitcoin-gold', version: [0x17], shape: new RegExp(`^A${b58}{33}$`) },
  { chain: 'dogecoin', version: [0x1e], shape: new RegExp(`^D${b58}{33}$`) },
  // Dogecoin's P2SH shares the leading "A" with Bitcoin Gold's: the version byte tells them apart.
  { chain: 'dogecoin', version: [0x16], shape: new RegExp(`^[9A]${b58}{33}$`) },
]

const base58Shape = new RegExp(`^${b58}{25,36}$`)
const xrpShape = new RegExp(`^r${b58}{24,34}$`)

const formatOf = (payload: Uint8Array): Base58Format | undefined =>
  formats.find(
    ({ version }) =>
      payload.length === version.length + hashLength &&
      version.every((byte, i) => payload[i] === byte),
  )

/** The Bitcoin-alphabet Base58Check formats; null when `text` is none of them. */
export function checkBase58Address(text: string): AddressCheck | null {
  if (!base58Shape.test(text)) return null
  const decoded = decodeBase58Check(text)
  if (decoded.ok) {
    const format = formatOf(decoded.payload)
    // A sound checksum on an unknown version is most likely another chain's valid address.
    return format ? recognisedAddress(format.chain, text) : null
  }
  // A Solana key is 32 bytes, which no Base58Check address is, even with a character mistyped.
  if (decoded.error !== 'checksum' || decoded.payload.length + checksumLength === solanaKeyLength) {
    return null
  }
  // A typo usually leaves the version byte intact; when it does not, the leading characters and
  // the length still say which format was meant.
  const meant = formatOf(decoded.payload) ?? formats.find(({ shape }) => shape.test(text))
  return meant ? brokenAddress(meant.chain, text, checksumWrong) : null
}

/** 32 bytes are 43 or 44 characters, fewer only behind leading zero bytes ("1"s). */
const solanaShape = new RegExp(`^${b58}{32,44}$`)

/** A Solana account: an ed25519 public key in Base58, which carries no checksum. */
export function checkSolanaAddress(text: string): AddressCheck | null {
  return solanaShape.test(text) && decodeBase58(text)?.length === solanaKeyLength
    ? recognisedAddress('solana', text, { withoutChecksum: true })
    : null
}

/** XRP Ledger classic addresses: Base58Check over XRP's own alphabet, account ID version 0. */
export function checkXrpAddress(text: string): AddressCheck | null {
  if (!xrpShape.test(text)) return null
  const decoded = decodeBase58Check(text, 'xrp')
  if (!decoded.ok) {
    return decoded.error === 'checksum' ? brokenAddress('xrp', text, checksumWrong) : null
  }
  const { payload } = decoded
  return payload.length === 1 + hashLength && payload[0] === 0
    ? recognisedAddress('xrp', text)
    : null
}
