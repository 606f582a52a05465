import { emptyCheck, unrecognisedAddress, type AddressCheck } from './addressCheck'
import { checkBase58Address, checkXrpAddress } from './base58Address'
import { checkCashAddress } from './cashAddress'
import { checkEvmAddress } from './evmAddress'
import { checkSegwitAddress, segwitChainOf } from './segwitAddress'

/**
 * Says which chain an address belongs to and whether it is well-formed. `valid` means "not known
 * to be wrong": anything unrecognised stays valid so that it can still be searched as entered.
 */
export function validateAddress(input: string): AddressCheck {
  const text = input.trim()
  if (text === '') return emptyCheck
  const segwitChain = segwitChainOf(text)
  if (segwitChain) return checkSegwitAddress(text, segwitChain)
  // The formats' shapes are disjoint, so the first to claim the text decides. XRP addresses are
  // kept from the Bitcoin-alphabet decoder, which would read them as garbled Bitcoin ones.
  const claimed =
    checkEvmAddress(text) ??
    checkCashAddress(text) ??
    (text.startsWith('r') ? checkXrpAddress(text) : checkBase58Address(text))
  return claimed ?? unrecognisedAddress(text)
}
