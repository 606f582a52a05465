import { readFile } from 'node:fs/promises'
import { z } from 'zod'
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
})
export type WalletRecord = z.infer<typeof walletRecordSchema>

const walletFileSchema = z.array(walletRecordSchema)

export const bundledSanctionedWallets = (): WalletRecord[] =>
  walletFileSchema.parse(sanctionedWallets)

/** Addresses removed from the SDN list: the sandbox never reports them, whatever data it loads. */
export const bundledDelistedAddresses = (): string[] =>
  walletFileSchema.parse(delistedWallets).map((record) => record.publicKey)

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
