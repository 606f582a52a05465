import { unrecognisedAddress, type AddressCheck } from './addressCheck'
import { checkBase58Address, checkSolanaAddress, checkXrpAddress } from './base58Address'
import { checkBnbBeaconAddress } from './bnbBeaconAddress'
import { checkCashAddress } from './cashAddress'
import { checkEvmAddress } from './evmAddress'
import { identifierText } from './identifierText'
import { checkMoneroAddress } from './moneroAddress'
import { checkSegwitAddress, segwitChainOf } from './segwitAddress'

/**
 * The one reading of a typed identifier, applied before anything is sent or stored: its chain,
 * its canonical key (`normalized`: what checks are stored under and compared by) and what is sent
 * (`query`), or a sentence saying why it is refused (`valid` false). Surrounding blanks are
 * dropped; blanks, invisible characters and quotes inside are refused. `valid` means "not known to
 * be wrong": anything unrecognised stays valid so that it can still be searched as entered.
 */
export function validateAddress(input: string): AddressCheck {
  const read = identifierText(input)
  if (!read.ok) return read.check
  const { text } = read
  const segwitChain = segwitChainOf(text)
  if (segwitChain) return checkSegwitAddress(text, segwitChain)
  // The formats' shapes are disjoint, so the first to claim the text decides. XRP addresses are
  // kept from the Bitcoin-alphabet decoder, which would read them as garbled Bitcoin ones.
  const claimed =
    checkEvmAddress(text) ??
    checkBnbBeaconAddress(text) ??
    checkCashAddress(text) ??
    (text.startsWith('r') ? checkXrpAddress(text) : checkBase58Address(text)) ??
    checkMoneroAddress(text) ??
    checkSolanaAddress(text)
  return claimed ?? unrecognisedAddress(text)
}
