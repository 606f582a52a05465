import type { CryptoCheck } from '../bridge/cryptoContract'
import { hitsLostAfter } from '../records/walletTimeline'
import { decisionOnHit, hitsOf, type CheckHit, type HitKeys } from './checkHits'

/** What tells one wallet's checks apart in a case: the checked identifier, where, and when. */
export interface WalletCheck {
  localId: string
  environment: string
  queryKey: string
  fetchedAt: string
}

/**
 * One wallet of a case: its latest linked check, whose hits are what a person decides, and the
 * earlier ones, newest first, kept as its history. A re-screen that found the same records must
 * not ask for every decision again, so an earlier check's hits are never hits to decide.
 */
export interface WalletUnderReview<Check extends WalletCheck> {
  latest: Check
  earlier: Check[]
}

/**
 * The case's checks by wallet (one environment, one canonical identifier), in the order each
 * wallet was first linked. The latest is the one fetched last; two fetched at the same instant
 * are told apart by the order they were linked in, the later link being the newer look.
 */
export function walletsUnderReview<Check extends WalletCheck>(
  checks: readonly Check[],
): WalletUnderReview<Check>[] {
  const series = new Map<string, Check[]>()
  for (const check of checks) {
    const wallet = `${check.environment}|${check.queryKey}`
    series.set(wallet, [...(series.get(wallet) ?? []), check])
  }
  return [...series.values()].map((linked) => {
    const newestFirst = linked
      .map((check, order) => ({ check, order }))
      .sort((a, b) => b.check.fetchedAt.localeCompare(a.check.fetchedAt) || b.order - a.order)
      .map(({ check }) => check)
    const [latest, ...earlier] = newestFirst as [Check, ...Check[]]
    return { latest, earlier }
  })
}

/** A hit a person reviews: one of a wallet's latest check, with the decision that stands on it. */
export interface ReviewedHit<Hit extends HitKeys, Decision extends { checkId: string }> {
  checkId: string
  hit: Hit
  decision: Decision | undefined
  /**
   * Set when the decision standing on the hit was made on an earlier check of the wallet (the same
   * record, by its hit key) and this check has none of its own: the earlier check's key.
   */
  decidedOnEarlier: string | undefined
}

/** Finds the decision made on a hit of one check of the case (decisionOnHit over a case's decisions). */
export type DecisionOf<Decision> = (checkId: string, hit: HitKeys) => Decision | undefined

/** The decision lookup of a case's stored (or replayed) decisions, by decision id. */
export const decisionsOfCase =
  <Decision>(decisions: ReadonlyMap<string, Decision>, caseId: string): DecisionOf<Decision> =>
  (checkId, hit) =>
    decisionOnHit(decisions, caseId, checkId, hit)

/**
 * The decision on a hit of a wallet's latest check: its own, else the newest made on the same
 * record in an earlier check of the wallet in this case. Decisions go by record identity (the hit
 * key, or the older chainless key through decisionOnHit), so a record that came back keeps its
 * decision whether a re-screen carried it or the later check was linked by hand; a record that is
 * new, or changed its chain or holder, is a new hit and waits for a person.
 */
export function decisionInReview<Decision>(
  decisionOf: DecisionOf<Decision>,
  wallet: WalletUnderReview<WalletCheck>,
  hit: HitKeys,
): Decision | undefined {
  for (const check of [wallet.latest, ...wallet.earlier]) {
    const decision = decisionOf(check.localId, hit)
    if (decision) return decision
  }
  return undefined
}

/**
 * The hits a person reviews in a case: each wallet's latest check's, each with its standing
 * decision. The app, the report and the verifier count open hits over these, and nothing else.
 */
export function hitsUnderReview<
  Check extends WalletCheck,
  Hit extends HitKeys,
  Decision extends { checkId: string },
>(
  checks: readonly Check[],
  hitsOfCheck: (check: Check) => readonly Hit[],
  decisionOf: DecisionOf<Decision>,
): ReviewedHit<Hit, Decision>[] {
  return walletsUnderReview(checks).flatMap((wallet) =>
    hitsOfCheck(wallet.latest).map((hit) => {
      const decision = decisionInReview(decisionOf, wallet, hit)
      return {
        checkId: wallet.latest.localId,
        hit,
        decision,
        decidedOnEarlier:
          decision && decision.checkId !== wallet.latest.localId ? decision.checkId : undefined,
      }
    }),
  )
}

/** A record an earlier check of a wallet listed and its latest check no longer does. */
export interface NoLongerListed<Check extends WalletCheck> {
  /** The newest check that still listed it: where its decision, if any, was made or carried. */
  check: Check
  hit: CheckHit
  /** When the wallet was first checked without it. */
  since: string
}

/**
 * The records a wallet's earlier checks listed that its latest no longer does, each once, as last
 * listed: kept in view beside the latest check (a confirmed match that left the list still
 * matters), but not hits to decide.
 */
export function noLongerListed<Check extends WalletCheck & { check: CryptoCheck }>(
  wallet: WalletUnderReview<Check>,
): NoLongerListed<Check>[] {
  const current = new Set(hitsOf(wallet.latest.check).map((hit) => hit.hitKey))
  const lost = hitsLostAfter([wallet.latest, ...wallet.earlier])
  const found = new Map<string, NoLongerListed<Check>>()
  for (const check of wallet.earlier) {
    const lostAt = lost.get(check.localId)
    for (const hit of lostAt ? hitsOf(check.check) : []) {
      const since = lostAt?.get(hit.hitKey)
      if (since === undefined || current.has(hit.hitKey) || found.has(hit.hitKey)) continue
      found.set(hit.hitKey, { check, hit, since })
    }
  }
  return [...found.values()]
}

/**
 * Whether unlinking the check `checkId` withdraws a decision: only those made on it, by their check
 * key, as the trail's replay does on 'check-unlinked'. A decision a re-screen carried from it to a
 * later check holds that check's key, so it stays.
 */
export const withdrawnByUnlinking = (decision: { checkId: string }, checkId: string): boolean =>
  decision.checkId === checkId

/** What unlinking one check of a wallet takes from the case, said before it is done. */
export interface UnlinkingEffect<Decision> {
  /** The decisions made on the check, each once: all that unlinking withdraws. */
  withdrawn: Decision[]
  /**
   * When the check is an earlier one: the hits of the wallet's latest check on which a withdrawn
   * decision stands (kept from it by record, the latest having none of its own).
   */
  standingOnLatest: number
  /** Of those hits, the ones then undecided: no other earlier check decided their record. */
  thenUndecided: number
  /** Decisions a re-screen carried from the check to a later one of the wallet: they stay. */
  carriedOn: number
}

/**
 * What unlinking `unlinked`, one of `wallet`'s checks, withdraws from the case whose decisions
 * are `decisions`, and what the wallet's review then shows: the dialog that asks first says it.
 */
export function unlinkingEffect<
  Check extends WalletCheck,
  Decision extends { checkId: string; carriedFrom?: string },
>(
  caseId: string,
  wallet: WalletUnderReview<Check>,
  unlinked: Check,
  decisions: ReadonlyMap<string, Decision>,
  hitsOfCheck: (check: Check) => readonly HitKeys[],
): UnlinkingEffect<Decision> {
  const all = [...decisions.values()]
  const withdrawn = all.filter((decision) => withdrawnByUnlinking(decision, unlinked.localId))
  // A carried decision is on a later check of the wallet: its own key, never the unlinked one.
  const carriedOn = all.filter((decision) => decision.carriedFrom === unlinked.localId).length
  if (unlinked === wallet.latest) {
    return { withdrawn, standingOnLatest: 0, thenUndecided: 0, carriedOn }
  }
  const decisionOf = decisionsOfCase(decisions, caseId)
  const remaining = { ...wallet, earlier: wallet.earlier.filter((check) => check !== unlinked) }
  const standing = hitsOfCheck(wallet.latest).filter((hit) => {
    const decision = decisionInReview(decisionOf, wallet, hit)
    return decision !== undefined && withdrawnByUnlinking(decision, unlinked.localId)
  })
  return {
    withdrawn,
    standingOnLatest: standing.length,
    thenUndecided: standing.filter((hit) => !decisionInReview(decisionOf, remaining, hit)).length,
    carriedOn,
  }
}
