import type { AppPages } from '../pages/appPages'

/**
 * A new case with one check of `wallet` linked from its search result, then opened: where the
 * flows of a case begin. The investigator has already said who they are.
 */
export async function caseWithCheckFlow(
  { cases, search }: Pick<AppPages, 'cases' | 'search'>,
  title: string,
  wallet: string,
): Promise<void> {
  await cases.create(title, 'ACME Ltd', 'Alert from monitoring.')
  await search.open()
  await search.search(wallet)
  await search.expectStatus('review_required')
  await search.result.addToCase(title)
  await search.result.openCase()
}
