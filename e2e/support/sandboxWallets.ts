import { readFileSync } from 'node:fs'
import type { RunningSandbox } from '../../src/sandbox/sandboxServer'

const checkPath = '/v2/api/verifications/advanced/crypto/aml-checks'

/** Real sanctioned wallets (the sandbox's own list), each once, the first `count` of them. */
export const sanctionedWallets = (count: number): string[] =>
  [
    ...new Set(
      (
        JSON.parse(readFileSync('/work/shared/data/sanctioned-wallets.json', 'utf8')) as Array<{
          publicKey: string
        }>
      ).map((wallet) => wallet.publicKey),
    ),
  ].slice(0, count)

/** The crypto checks the sandbox received (whatever it answered), by the address as sent. */
export const cryptoChecksSent = (sandbox: RunningSandbox): string[] =>
  sandbox.requests
    .filter((request) => request.path === checkPath)
    .map((request) => request.subject ?? '')

/** How many crypto checks the sandbox answered with this status. */
export const cryptoChecksAnswered = (sandbox: RunningSandbox, status: number): number =>
  sandbox.requests.filter((request) => request.path === checkPath && request.status === status)
    .length

/** The crypto checks the sandbox answered, with the status and when each arrived, in order. */
export const cryptoCheckArrivals = (
  sandbox: RunningSandbox,
): Array<{ status: number; receivedAt: number }> =>
  sandbox.requests
    .filter((request) => request.path === checkPath)
    .map(({ status, receivedAt }) => ({ status, receivedAt }))

export const cryptoCheckPath = checkPath
