import { expect, test } from './fixtures/browserModeTest'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { saveScreen } from './support/screenshots'

const sanctioned = '0x04DBA1194ee10112fE6C3207C0687DEf0e78baCf'
const pepWallet = '0x5ca1ab1e00000000000000000000000000000001'
const clean = '0x0000000000000000000000000000000000000002'

test('History shows every check after a reload, finds a check by the last characters or a middle fragment of its address and by “pep”, shows its case, and flags an inverted date range', async ({
  cases,
  search,
  history,
  shell,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, 'Findable wallet', sanctioned)
  await search.open()
  await search.search(pepWallet)
  await search.expectStatus('review_required')
  await search.search(clean)
  await search.expectStatus('no_match')

  // Reloaded on History, its count is the page's first read of the database (it once read one).
  await history.open()
  await shell.reload()
  await expect(history.count).toContainText('3 checks shown')
  await expect(history.rows).toHaveCount(3)
  await saveScreen(history.page, 'history-06-after-reload')
  const linked = history.row(sanctioned)
  await expect(history.casesOf(linked)).toContainText(/CD-[0-9A-Z]{4}-[0-9A-Z]{4}/)
  await expect(history.casesOf(linked)).toContainText('1 to decide')
  await expect(history.casesOf(history.row(clean))).toHaveText('In no case')
  await expect(history.identifierOf(linked)).toHaveAttribute('title', sanctioned)
  await saveScreen(history.page, 'history-03-cases-and-decisions')
  // On a laptop's screen the columns that do not fit fold under the identifier, never off-screen.
  const viewport = history.page.viewportSize()
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ]) {
    await history.page.setViewportSize(size)
    await expect.poll(() => history.sidewaysOverflow()).toBe(0)
    await expect(history.casesOf(linked)).toBeInViewport()
  }
  if (viewport) await history.page.setViewportSize(viewport)

  await history.filter(sanctioned.slice(-4))
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(sanctioned)
  await history.filter(sanctioned.slice(12, 22))
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(sanctioned)
  await history.filter('pep')
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(pepWallet)
  // The address keeps what History is filtered by: a reload, and Back from a check, show it.
  await expect(history.page).toHaveURL(/#\/history\?text=pep$/)
  await shell.reload()
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(pepWallet)
  await history.openRow(0)
  await expect(history.check).toBeVisible()
  await history.page.goBack()
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(pepWallet)
  await history.filter('Politically exposed')
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(pepWallet)
  await saveScreen(history.page, 'history-04-found-by-topic-name')
  await history.filter('sdn')
  await expect(history.rows).toHaveCount(1)
  await expect(history.rows.first()).toContainText(sanctioned)

  await history.filter('0x')
  await expect(history.textHint).toContainText('Type at least 3 characters')
  await expect(history.rows).toHaveCount(3)

  await history.clearFilters()
  await expect(history.clearFiltersButton).toBeDisabled()
  await history.setDateRange('2030-02-01', '2030-01-01')
  await expect(history.rangeProblem).toContainText('The date range is inverted')
  await expect(history.empty).toContainText('The date range is inverted')
  await saveScreen(history.page, 'history-05-inverted-range')
})

test('the case list searches by title, number and identifier, filters by state and outcome, and sorts', async ({
  cases,
  search,
}) => {
  await cases.open()
  await cases.sayWhoIAm()
  await caseWithCheckFlow({ cases, search }, 'Beta exchange', sanctioned)
  await cases.decideHit(0, 'True match', 'Listed by OFAC; the owner is the subject.')
  // Saved, the decision takes the focus on to the hit's own button: the next dialog opens after.
  await expect(cases.hit(0).decision).toHaveText('True match')
  await cases.create('Alpha wallets', 'Alpha Ltd', 'A second alert.')
  await cases.create('Gamma mixer', 'Gamma', 'A third alert.')
  await cases.open()
  await expect(cases.listCount).toHaveText('3 cases')
  await expect(cases.listHitState('Beta exchange')).toHaveText('1 true match')
  expect(await cases.listTitles()).toEqual(['Gamma mixer', 'Alpha wallets', 'Beta exchange'])
  await saveScreen(cases.page, 'cases-05-list')

  await cases.filterList('Sort by', 'title')
  expect(await cases.listTitles()).toEqual(['Alpha wallets', 'Beta exchange', 'Gamma mixer'])
  await cases.filterList('Sort by', 'created')
  expect(await cases.listTitles()).toEqual(['Gamma mixer', 'Alpha wallets', 'Beta exchange'])

  const number = (await cases.listNumber('Gamma mixer').textContent()) ?? ''
  expect(number).toMatch(/^CD-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
  await cases.searchList('alpha')
  await expect(cases.listCount).toHaveText('1 of 3 cases')
  expect(await cases.listTitles()).toEqual(['Alpha wallets'])
  await cases.searchList(number.toLowerCase())
  expect(await cases.listTitles()).toEqual(['Gamma mixer'])
  await cases.searchList(sanctioned.slice(-6))
  expect(await cases.listTitles()).toEqual(['Beta exchange'])
  await cases.searchList('nothing like this')
  await expect(cases.listEmpty).toBeVisible()
  await cases.clearListFilters()

  await cases.filterList('Outcome', 'true_match')
  expect(await cases.listTitles()).toEqual(['Beta exchange'])
  await cases.filterList('Outcome', 'no_hits')
  expect(await cases.listTitles()).toEqual(['Gamma mixer', 'Alpha wallets'])
  await cases.filterList('State', 'closed')
  await expect(cases.listEmpty).toBeVisible()
  await cases.filterList('State', 'open')
  await expect(cases.listCount).toHaveText('2 of 3 cases')
  await saveScreen(cases.page, 'cases-06-list-filtered')
})

test('the entities quick filter says which pages it searches and fetches the rest', async ({
  entities,
}) => {
  await entities.open()
  await expect(entities.rows).toHaveCount(20)
  await entities.quickFilter('example')
  await expect(entities.quickFilterCoverage).toContainText(
    'Searches the 20 entities fetched on this computer of the 300 entities the service lists (page 1 at 20 a page',
  )
  await expect(entities.fetchTheRest).toHaveText('Fetch the rest (3 pages of 100)')
  await saveScreen(entities.page, 'entities-07-quick-filter-coverage')
  await entities.fetchTheRest.click()
  await expect(entities.quickFilterCoverage).toContainText(
    'Searches the 300 entities fetched on this computer of the 300 entities the service lists (page 1 at 20 a page; pages 1–3 at 100 a page',
  )
  await expect(entities.fetchTheRest).toBeHidden()
  await expect(entities.matches.first()).toBeVisible()
})
