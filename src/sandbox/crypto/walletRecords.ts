import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { walletIdentifierKey } from './walletIndex'
import delistedWallets from '../../../resources/sanctions/delisted-wallets.json' with { type: 'json' }
import sanctionedWallets from '../../../resources/sanctions/sanctioned-wallets.json' with { type: 'json' }

/** One record of resources/sanctions/*.json (OFAC SDN digital-currency addresses; see SOURCES.md). */
export const walletRecordSchema = z.looseObject({
  publicKey: z.string().min(1),
  currency: z.string().min(1),
  datasets: z.array(z.string()),
  topics: z.array(z.string()),
  holder: z.string().optional(),
  programs: z.array(z.string()).optional(),
  designationDate: z.string().optional(),
  /** The first day the record was no longer on its list (the first issue without it). */
  delistedOn: z.string().optional(),
})
export type WalletRecord = z.infer<typeof walletRecordSchema>

const walletFileSchema = z.array(walletRecordSchema)

export const bundledSanctionedWallets = (): WalletRecord[] =>
  walletFileSchema.parse(sanctionedWallets)

const delistedFileSchema = z.array(
  walletRecordSchema.extend({ programs: z.array(z.string()), absentFromSdnIssue: z.string() }),
)

/**
 * Addresses removed from the SDN list (the Tornado Cash wallets, 2025-03-21), as they were listed
 * before: OFAC SDN, sanctioned, from their designation day until the first issue without them.
 * The file keeps them with empty datasets and topics, as they are listed now.
 */
export const bundledDelistedWallets = (): WalletRecord[] =>
  delistedFileSchema.parse(delistedWallets).map((record) => ({
    ...record,
    datasets: ['us_ofac_sdn'],
    topics: ['sanction'],
    delistedOn: record.absentFromSdnIssue,
  }))

/**
 * The wallets the sandbox serves: `wallets` and the delisted ones, each delisted address dated
 * out of the list even where `wallets` has it too, so no data file brings one back after its day.
 */
export function walletsWithDelistings(
  wallets: readonly WalletRecord[],
  delisted: readonly WalletRecord[],
): WalletRecord[] {
  const delistedOn = new Map(
    delisted.map((record) => [walletIdentifierKey(record.publicKey), record.delistedOn]),
  )
  return [
    ...wallets.map((record) => {
      const day = delistedOn.get(walletIdentifierKey(record.publicKey))
      return day === undefined || record.delistedOn !== undefined
        ? record
        : { ...record, delistedOn: day }
    }),
    ...delisted,
  ]
}

/** `--data FILE`: a wallets file in the bundled format, refused with the first bad record named. */
export async function loadWalletFile(path: string): Promise<WalletRecord[]> {
  let content: unknown
  try {
    content = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new Error(
      `Cannot read the wallets file ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const parsed = walletFileSchema.safeParse(content)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `${path} is not a wallets file: record ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    )
  }
  return parsed.data
}
