import { keccak_256 } from '@noble/hashes/sha3.js'
import { base58xmr } from '@scure/base'
import {
  brokenAddress,
  checksumWrong,
  malformed,
  recognisedAddress,
  type AddressCheck,
} from './addressCheck'

const checksumLength = 4
/** Mainnet network bytes: standard and integrated addresses start with "4", subaddresses with "8". */
const standard = 18
const integrated = 19
const subaddress = 42
/** A network byte, a public spend key and a public view key; an integrated address adds a payment id. */
const keysLength = 1 + 32 + 32
const paymentIdLength = 8

const b58 = '[1-9A-HJ-NP-Za-km-z]'
/** 95 characters (69 bytes in Monero's blockwise Base58), 106 for an integrated address. */
const shape = new RegExp(`^(?:[48]${b58}{94}|4${b58}{105})$`)

const expectedLength = (network: number | undefined): number | undefined =>
  network === standard || network === subaddress
    ? keysLength + checksumLength
    : network === integrated
      ? keysLength + paymentIdLength + checksumLength
      : undefined

/** Monero mainnet addresses: the first four bytes of the data's Keccak-256 are its checksum. */
export function checkMoneroAddress(text: string): AddressCheck | null {
  if (!shape.test(text)) return null
  let bytes: Uint8Array
  try {
    bytes = base58xmr.decode(text)
  } catch {
    // Each 11-character block holds 8 bytes: a typo can make a block worth more than that.
    return brokenAddress('monero', text, malformed)
  }
  if (bytes.length !== expectedLength(bytes[0])) return brokenAddress('monero', text, malformed)
  const data = bytes.subarray(0, -checksumLength)
  const expected = keccak_256(data)
  const sound = bytes.subarray(-checksumLength).every((byte, i) => byte === expected[i])
  return sound ? recognisedAddress('monero', text) : brokenAddress('monero', text, checksumWrong)
}
