import { caseNumber } from '../src/shared/cases/caseNumber'
import { expect, passwordOf, teamDatabase as database, test } from './fixtures/teamTest'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import { investigator, type Person } from './pages/investigatorForm'
import { ReviewQueue } from './pages/reviewQueue'
import { PageBridge } from './pages/pageBridge'
import { TeamRoles } from './pages/teamRoles'
import { saveScreen } from './support/screenshots'

/** The made-up politically exposed person: one record, listed in four categories (four hits). */
const pep = '0x5ca1ab1e00000000000000000000000000000001'
const matchedTitle = 'Four eyes: PEP wallet of a new customer'
const otherTitle = 'Four eyes: nobody’s alert yet'
const benPerson: Person = {
  name: 'Ben Okoro',
  email: 'ben@example.org',
  organisation: 'Example Compliance Ltd',
}

test('a team admin makes ben a reviewer; a close request reaches his Changes badge, section and case list filters', async ({
  cases,
  search,
  settings,
  team,
  teamStatus,
  sharedCase,
  otherComputer,
  teamServer,
}) => {
  // Two desks and a team server: about 30 s alone, more beside another worker.
  test.setTimeout(120_000)
  const page = cases.page
  const roles = new TeamRoles(page)
  const queue = new ReviewQueue(page)

  // 1. Ana (a team admin by the server's configuration) and Ben join the team.
  await cases.open()
  await cases.sayWhoIAm(investigator)
  await settings.open()
  await team.join({
    serverUrl: teamServer.url,
    database,
    member: 'ana',
    password: passwordOf('ana'),
  })
  await teamStatus.untilSays('Team: in sync')
  const { pages: b } = await otherComputer.open()
  const bRoles = new TeamRoles(b.cases.page)
  const bQueue = new ReviewQueue(b.cases.page)
  await b.cases.open()
  await b.cases.sayWhoIAm(benPerson)
  await b.settings.open()
  await b.team.join({
    serverUrl: teamServer.url,
    database,
    member: 'ben',
    password: passwordOf('ben'),
  })
  await teamStatus.until(() => expect(team.rosterMembers).toHaveCount(2, { timeout: 500 }))

  // 2. Ana gives Ben the reviewer role in Settings → Team; Ben reads it, without an editor.
  await expect(roles.box(benPerson.name, 'Reviewer')).not.toBeChecked()
  await expect(roles.box(investigator.name, 'Team admin')).toBeDisabled()
  await roles.set(benPerson.name, ['Investigator', 'Reviewer'])
  await expect(roles.box(benPerson.name, 'Reviewer')).toBeChecked()
  await expect(roles.save(benPerson.name)).toBeDisabled()
  await expect(roles.refusal(benPerson.name)).toHaveCount(0)
  await saveScreen(page, 'four-eyes-05-roles', team.root)
  await b.teamStatus.until(() =>
    expect(bRoles.shown(benPerson.name)).toHaveText(['Investigator', 'Reviewer'], {
      timeout: 500,
    }),
  )
  await expect(bRoles.shown(investigator.name)).toHaveText(['Investigator', 'Team admin'])
  await expect(bRoles.boxes(benPerson.name)).toHaveCount(0)

  // 3. Ana decides a true match and shares the case; a second shared case is nobody's.
  await cases.open()
  await caseWithCheckFlow({ cases, search }, matchedTitle, pep)
  await cases.hit(0).decide('True match', 'The customer is the official the record names.')
  await expect(cases.hit(0).decision).toHaveText('True match')
  await sharedCase.share()
  const caseId = sharedCase.caseId()
  await cases.create(otherTitle, 'ACME Ltd', 'Alert from monitoring.')
  await sharedCase.share()

  // 4. Ana assigns the first to Ben and asks for a review before closing it (through the bridge:
  // the close dialog has its own spec).
  const bridge = new PageBridge(page)
  await bridge.data('team.assignCase', { caseId, member: 'ben' })
  await bridge.data('team.requestReview', {
    caseId,
    outcome: 'risk_confirmed',
    reason: 'The customer is the official the record names.',
  })

  // 5. Ben's Changes badge counts it, and Changes names it by its number and title.
  await b.teamStatus.until(() => expect(bQueue.changesBadge).toHaveText('1', { timeout: 500 }))
  await b.changes.open()
  await expect(bQueue.waitingCases).toHaveCount(1)
  await expect(bQueue.waitingCases).toContainText(`${caseNumber(caseId)} ${matchedTitle}`)
  await expect(bQueue.waitingCases).toContainText(`${investigator.name} asked for a review on`)
  await saveScreen(b.changes.page, 'four-eyes-06-changes-review', bQueue.section)

  // 6. Ben's case list: each filter of the team's queues lists what it should.
  await b.cases.open()
  await b.teamStatus.until(() =>
    expect(bQueue.listItem(otherTitle)).toHaveCount(1, { timeout: 500 }),
  )
  await expect(bQueue.assignee(matchedTitle)).toHaveText('Assigned to you')
  await expect(bQueue.reviewBadge(matchedTitle)).toHaveText('Waiting for review')
  await expect(bQueue.assignee(otherTitle)).toHaveText('Unassigned')
  await expect(bQueue.reviewBadge(otherTitle)).toHaveCount(0)
  await bQueue.filterList('Assigned to me')
  await expect(bQueue.listItems).toHaveText([new RegExp(matchedTitle)])
  await bQueue.filterList('Unassigned')
  await expect(bQueue.listItems).toHaveText([new RegExp(otherTitle)])
  await bQueue.filterList('Waiting for my review')
  await expect(bQueue.listItems).toHaveText([new RegExp(matchedTitle)])
  await expect(b.cases.listCount).toHaveText('1 of 2 cases')
  // The filter is in the address: a reload shows the same list.
  await b.cases.page.reload()
  await expect(bQueue.listFilter).toHaveValue('waiting-for-my-review')
  await expect(bQueue.listItems).toHaveText([new RegExp(matchedTitle)])
  await saveScreen(b.cases.page, 'four-eyes-04-review-queue', b.cases.listFilters)

  // 7. Ana asked: nothing waits for her review, and her own desk's badge stays empty.
  await cases.open()
  await queue.filterList('Waiting for my review')
  await expect(cases.listEmpty).toBeVisible()
  await queue.filterList('Unassigned')
  await expect(queue.listItems).toHaveText([new RegExp(otherTitle)])
  await expect(queue.assignee(matchedTitle)).toHaveCount(0)
  await expect(queue.changesBadge).toHaveCount(0)
})
