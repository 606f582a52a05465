import { Badge } from '@mantine/core'

/**
 * The chains or currencies the list gives a wallet, as it gives them: one wallet listed for ARB,
 * BSC and ETH is three records, and each says which one it is.
 */
export function ChainBadges({ chains }: { chains: readonly string[] }) {
  return chains.map((chain) => (
    <Badge
      key={chain}
      size="sm"
      variant="filled"
      color="dark"
      radius="sm"
      tt="none"
      title={`Listed for the chain or currency ${chain}`}
      data-testid="record-chain"
    >
      {chain}
    </Badge>
  ))
}
