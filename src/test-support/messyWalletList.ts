/**
 * A wallet list as spreadsheets really write them: a byte-order mark, semicolons, quoted fields
 * (one with the delimiter inside, one spanning two lines), CRLF, blank lines, the same EVM wallet
 * in three cases, a Bitcoin address twice, and two addresses whose checksum is wrong. Real
 * addresses: OFAC SDN wallets and EIP-55 test vectors (/work/shared/data).
 */
export const messyWalletLines = [
  'Customer ref;Wallet address;Label',
  'C-001;0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf;"Exchange; hot wallet"',
  '',
  'C-002;"0x04dba1194ee10112fe6c3207c0687def0e78bacf";lower case',
  'C-003;123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX;"two',
  'lines"',
  '   ',
  'C-004;0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359;checksum flipped',
  'C-005;0x04DBA1194EE10112FE6C3207C0687DEF0E78BACF;upper case',
  'C-006;TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP;tron',
  'C-007;123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX;repeat',
  'C-008;123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4Kx;bitcoin checksum wrong',
  'C-009;0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed;clean',
  '',
]

/** The file's bytes as text: BOM first, CRLF line ends. */
export const messyWalletFile = `\ufeff${messyWalletLines.join('\r\n')}`

/** The same addresses pasted one a line, with no header. */
export const pastedWallets = [
  '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf',
  '',
  '0x04dba1194ee10112fe6c3207c0687def0e78bacf',
  'TAoLw5yD5XUoHWeBZRSZ1ExK9HMv2CiPvP',
  '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
].join('\n')
