/**
 * A chain is named by its address format. Formats that several chains share are reported as the
 * chain that defines them: `1…`/`3…` is Bitcoin even when the address belongs to Bitcoin SV or is a
 * legacy Bitcoin Cash or Litecoin P2SH address, and `0x…` is Ethereum for every EVM chain.
 */
export type AddressChain =
  | 'bitcoin'
  /** Testnet3, testnet4, signet and regtest, which share their address formats. */
  | 'bitcoin-testnet'
  | 'bitcoin-cash'
  | 'litecoin'
  | 'dash'
  | 'zcash'
  | 'ethereum'
  | 'tron'
  | 'xrp'

export interface AddressCheck {
  /** False only for empty input, or a recognised address that fails its checksum or structure. */
  valid: boolean
  /** Null when the input is not recognised; it may still be searched deliberately. */
  chain: AddressChain | null
  /** Trimmed; the canonical form where the format defines one. */
  normalized: string
  /** One user-facing sentence when invalid or unrecognised; null when valid. */
  reason: string | null
  /**
   * Set on a recognised address written without its format's checksum (an all-lower-case or
   * all-upper-case EVM address): it is valid, but nothing guards it against a mistyped digit.
   */
  withoutChecksum?: true
}

export const addressChainNames: Readonly<Record<AddressChain, string>> = {
  bitcoin: 'Bitcoin',
  'bitcoin-testnet': 'Bitcoin testnet',
  'bitcoin-cash': 'Bitcoin Cash',
  litecoin: 'Litecoin',
  dash: 'Dash',
  zcash: 'Zcash',
  ethereum: 'Ethereum',
  tron: 'Tron',
  xrp: 'XRP Ledger',
}
const article = (chain: AddressChain) => (chain === 'ethereum' || chain === 'xrp' ? 'an' : 'a')

export const checksumWrong = 'its checksum is wrong: check for a mistyped character'
export const mixedCase = 'it mixes upper- and lower-case letters, which its format does not allow'
export const malformed = 'it is not well-formed: check for missing, extra or mistyped characters'

export const emptyCheck: AddressCheck = {
  valid: false,
  chain: null,
  normalized: '',
  reason: 'The address is empty.',
}

export const recognisedAddress = (
  chain: AddressChain,
  normalized: string,
  { withoutChecksum = false }: { withoutChecksum?: boolean } = {},
): AddressCheck => ({
  valid: true,
  chain,
  normalized,
  reason: null,
  ...(withoutChecksum ? { withoutChecksum: true as const } : {}),
})

/** What the app makes of the identifier, in one sentence, before anything is sent. */
export function describeAddressCheck(check: AddressCheck): string {
  if (!check.valid) return `${check.reason ?? 'The address is not valid.'} Nothing has been sent.`
  if (check.chain === null) return check.reason ?? ''
  const chain = addressChainNames[check.chain]
  return check.withoutChecksum
    ? `${chain} address, written in a single letter case: it carries no checksum, so a mistyped character cannot be detected.`
    : `${chain} address, checksum verified.`
}

/** `problem` completes "This looks like a Bitcoin address but …". */
export const brokenAddress = (
  chain: AddressChain,
  normalized: string,
  problem: string,
): AddressCheck => ({
  valid: false,
  chain,
  normalized,
  reason: `This looks like ${article(chain)} ${addressChainNames[chain]} address but ${problem}.`,
})

export const unrecognisedAddress = (normalized: string): AddressCheck => ({
  valid: true,
  chain: null,
  normalized,
  reason: 'Not recognised as an address of a supported chain; it can still be searched as entered.',
})
