/**
 * A chain is named by its address format. Formats that several chains share are reported as the
 * chain that defines them: `1…`/`3…` is Bitcoin even when the address belongs to Bitcoin SV or is a
 * legacy Bitcoin Cash or Litecoin P2SH address, `0x…` is Ethereum for every EVM chain, and `D…` is
 * Dogecoin, whose version byte Verge and DigiByte kept.
 */
export type AddressChain =
  | 'bitcoin'
  /** Testnet3, testnet4, signet and regtest, which share their address formats. */
  | 'bitcoin-testnet'
  | 'bitcoin-cash'
  | 'bitcoin-gold'
  | 'litecoin'
  | 'dogecoin'
  | 'dash'
  | 'zcash'
  | 'monero'
  | 'ethereum'
  | 'tron'
  | 'xrp'
  | 'solana'
  | 'bnb-beacon'

export interface AddressCheck {
  /** False for empty input, text no identifier can be, or a recognised address that fails its checksum or structure. */
  valid: boolean
  /** Null when the input is not recognised; it may still be searched deliberately. */
  chain: AddressChain | null
  /**
   * The canonical key (a check's `queryKey`): what checks are stored under and compared by. Two
   * inputs name the same wallet exactly when their keys are equal, whatever case or prefix was
   * typed. When invalid, the trimmed input.
   */
  normalized: string
  /**
   * What is sent to the service and stored as the check's query: the form the sanctions lists
   * write (bech32 and CashAddr in lower case, CashAddr without its prefix). An EVM address goes as
   * typed: its case is only a checksum, which the service ignores. Never sent when invalid.
   */
  query: string
  /** One user-facing sentence when invalid or unrecognised; null when valid. */
  reason: string | null
  /**
   * Set on a recognised address that carries no checksum (an EVM address in a single letter case,
   * a Solana key): it is valid, but nothing guards it against a mistyped character.
   */
  withoutChecksum?: true
}

export const addressChainNames: Readonly<Record<AddressChain, string>> = {
  bitcoin: 'Bitcoin',
  'bitcoin-testnet': 'Bitcoin testnet',
  'bitcoin-cash': 'Bitcoin Cash',
  'bitcoin-gold': 'Bitcoin Gold',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin (or Verge, DigiByte)',
  dash: 'Dash',
  zcash: 'Zcash',
  monero: 'Monero',
  ethereum: 'Ethereum',
  tron: 'Tron',
  xrp: 'XRP Ledger',
  solana: 'Solana',
  'bnb-beacon': 'BNB Beacon Chain',
}

const article = (chain: AddressChain) => (chain === 'ethereum' || chain === 'xrp' ? 'an' : 'a')

export const checksumWrong = 'its checksum is wrong: check for a mistyped character'
export const mixedCase = 'it mixes upper- and lower-case letters, which its format does not allow'
export const malformed = 'it is not well-formed: check for missing, extra or mistyped characters'

/** Text that can be no identifier, refused before any chain is tried: `reason` is the whole sentence. */
export const refusedText = (text: string, reason: string): AddressCheck => ({
  valid: false,
  chain: null,
  normalized: text,
  query: text,
  reason,
})

export const recognisedAddress = (
  chain: AddressChain,
  key: string,
  { query = key, withoutChecksum = false }: { query?: string; withoutChecksum?: boolean } = {},
): AddressCheck => ({
  valid: true,
  chain,
  normalized: key,
  query,
  reason: null,
  ...(withoutChecksum ? { withoutChecksum: true as const } : {}),
})

/** What the app makes of the identifier, in one sentence, before anything is sent. */
export function describeAddressCheck(check: AddressCheck): string {
  if (!check.valid) return `${check.reason ?? 'The address is not valid.'} Nothing has been sent.`
  if (check.chain === null) return check.reason ?? ''
  const chain = addressChainNames[check.chain]
  if (!check.withoutChecksum) return `${chain} address, checksum verified.`
  return check.chain === 'ethereum'
    ? `${chain} address, written in a single letter case: it carries no checksum, so a mistyped character cannot be detected.`
    : `${chain} address: its format carries no checksum, so a mistyped character cannot be detected.`
}

/** `problem` completes "This looks like a Bitcoin address but …". */
export const brokenAddress = (
  chain: AddressChain,
  text: string,
  problem: string,
): AddressCheck => ({
  valid: false,
  chain,
  normalized: text,
  query: text,
  reason: `This looks like ${article(chain)} ${addressChainNames[chain]} address but ${problem}.`,
})

export const unrecognisedAddress = (text: string): AddressCheck => ({
  valid: true,
  chain: null,
  normalized: text,
  query: text,
  reason: 'Not recognised as an address of a supported chain; it can still be searched as entered.',
})
