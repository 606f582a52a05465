/**
 * Amounts as a record sends them (decimals as text, spec 2.5) written for people: the unit beside
 * a balance, US dollars as currency, group separators. A balance keeps every digit it was sent
 * with (a float would round a long one); text that is not a decimal is shown as it came.
 */

const decimalText = /^(-?)(\d+)(?:\.(\d+))?$/

const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' })

/** "1234567.5" → "1,234,567.5"; anything else unchanged. */
export function groupDecimalText(text: string): string {
  const parts = decimalText.exec(text.trim())
  if (!parts) return text
  const [, sign = '', whole = '', fraction] = parts
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}

/** "12.5" and "ETH" → "12.5 ETH". */
export const formatBalance = (balance: string, currency: string | undefined): string =>
  currency ? `${groupDecimalText(balance)} ${currency}` : groupDecimalText(balance)

/** "1234.5" → "$1,234.50"; text that is not a decimal comes back unchanged. */
export function formatUsd(amount: string): string {
  if (!decimalText.test(amount.trim())) return amount
  return usd.format(Number(amount))
}
