import { bech32 } from '@scure/base'
import {
  brokenAddress,
  checksumWrong,
  malformed,
  mixedCase,
  recognisedAddress,
  type AddressCheck,
} from './addressCheck'
import { decodeBech32Checksum } from './segwitAddress'

const prefix = 'bnb'
const accountLength = 20

/** BNB Beacon Chain accounts: bech32 (not segwit) over a 20-byte account, "bnb1…", in lower case. */
export function checkBnbBeaconAddress(text: string): AddressCheck | null {
  if (!text.toLowerCase().startsWith(`${prefix}1`)) return null
  const decoded = decodeBech32Checksum(text, 'bech32')
  if (!decoded.ok) {
    const problem = { checksum: checksumWrong, 'mixed-case': mixedCase, malformed }[decoded.error]
    return brokenAddress('bnb-beacon', text, problem)
  }
  const account = bech32.fromWordsUnsafe(decoded.words)
  return decoded.hrp === prefix && account?.length === accountLength
    ? recognisedAddress('bnb-beacon', text.toLowerCase())
    : brokenAddress('bnb-beacon', text, malformed)
}
