import { keccak_256 } from '@noble/hashes/sha3.js'
import { brokenAddress, checksumWrong, recognisedAddress, type AddressCheck } from './addressCheck'

const hexDigits = 40
/** Lengths close enough to 40 to be a mistyped address rather than a hash or a key. */
const nearMisses = 4

const lowerA = 97
const caseBit = 32

/**
 * EIP-55: a letter is upper case where the same nibble of keccak-256(lower-case hex) is ≥ 8.
 * `address` is `0x` and hexadecimal digits, so each is one byte, and the result is written in
 * those bytes: a bulk list checks every distinct EVM address it holds, and a string built a
 * character at a time cost more than the hash.
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const digits = new Uint8Array(lower.length)
  for (let i = 0; i < lower.length; i++) digits[i] = lower.charCodeAt(i)
  const hash = keccak_256(digits)
  for (let i = 0; i < digits.length; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    const digit = digits[i] ?? 0
    if (nibble >= 8 && digit >= lowerA) digits[i] = digit - caseBit
  }
  return `0x${String.fromCharCode(...digits)}`
}

/** `0x` addresses of Ethereum and every EVM chain; null when `text` does not start with `0x`. */
export function checkEvmAddress(text: string): AddressCheck | null {
  if (!/^0x/i.test(text)) return null
  const digits = text.slice(2)
  if (!/^[0-9a-f]+$/i.test(digits)) {
    return /^[0-9a-z]{40}$/i.test(digits)
      ? brokenAddress('ethereum', text, 'it contains characters that are not hexadecimal digits')
      : null
  }
  if (Math.abs(digits.length - hexDigits) > nearMisses) return null
  if (digits.length !== hexDigits) {
    return brokenAddress(
      'ethereum',
      text,
      `it has ${digits.length} hexadecimal digits instead of ${hexDigits}`,
    )
  }
  const checksummed = toChecksumAddress(text)
  // A single-case address carries no checksum, so only mixed case can be wrong.
  const carriesChecksum = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
  if (carriesChecksum && digits !== checksummed.slice(2)) {
    return brokenAddress('ethereum', text, checksumWrong)
  }
  // Keyed by its EIP-55 form, which is the same whatever case was typed; sent with the digits as
  // typed (the "0X" some tools print is no part of them).
  return recognisedAddress('ethereum', checksummed, {
    query: `0x${digits}`,
    withoutChecksum: !carriesChecksum,
  })
}
