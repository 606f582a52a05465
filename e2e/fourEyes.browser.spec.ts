import { readFileSync, writeFileSync } from 'node:fs'
import { forgedWithoutTeamEntry, teamStranger } from '../src/test-support/teamBundleTampering'
import type { TeamServer } from '../src/test-support/teamServer'
import {
  expect,
  passwordOf,
  teamDatabase as database,
  test as teamTest,
  type TeamMember as Member,
} from './fixtures/teamTest'
import { caseWithCheckFlow } from './flows/caseWithCheckFlow'
import type { AppPages } from './pages/appPages'
import { CaseReview } from './pages/caseReview'
import { investigator, type Person } from './pages/investigatorForm'
import { PageBridge } from './pages/pageBridge'
import { saveScreen } from './support/screenshots'
import { verifyBundleCli } from './support/verifyBundleCli'

/** The made-up politically exposed person: one record, listed in four categories (four hits). */
const pep = '0x5ca1ab1e00000000000000000000000000000001'
const caseTitle = 'Four eyes: PEP wallet of a new customer'
const benPerson: Person = {
  name: 'Ben Reviewer',
  email: 'ben@example.org',
  organisation: 'Example Compliance Ltd',
}
const ana = `${investigator.name} (ana)`
const ben = `${benPerson.name} (ben)`
const reason = 'The customer is the official the record names; the listing is current.'
const undecided = 'The true match settles the case; the other listings are the same record.'
const notYet = 'Ask the customer where the funds of the last transfer came from first.'

const test = teamTest.extend({
  // The browser logs each refusal the test provokes on purpose: approving one's own request, and
  // a close the rule does not allow.
  allowedConsoleErrors: [
    /Failed to load resource: the server responded with a status of 4\d\d .*\/bridge\/team\.(approve|writeCase)/,
  ],
})

/** A desk says who works there and joins the team as `member`, until its header is in sync. */
async function joinTeam(
  desk: Pick<AppPages, 'cases' | 'settings' | 'team' | 'teamStatus'>,
  person: Person,
  member: Member,
  server: TeamServer,
): Promise<void> {
  await desk.cases.open()
  await desk.cases.sayWhoIAm(person)
  await desk.settings.open()
  await desk.team.join({ serverUrl: server.url, database, member, password: passwordOf(member) })
  await expect(desk.team.joinForm).toHaveCount(0)
  await desk.teamStatus.untilSays('Team: in sync')
}

test('four eyes on two desks: A asks to close a case with a true match and cannot approve it; B, a reviewer, sends it back with a reason; A reassigns it to B and asks again; B approves; A closes and both desks show it closed; the bundle without the approval fails verification; a change by A after a new approval withdraws it', async ({
  cases,
  search,
  settings,
  team,
  teamStatus,
  sharedCase,
  verify,
  otherComputer,
  teamServer,
}) => {
  // Two desks and a team server, with replication between them at each step: 72 s beside one
  // other test on two cores.
  test.setTimeout(180_000)
  const page = cases.page
  const reviewA = new CaseReview(page)
  const bridgeA = new PageBridge(page)

  // 1. Two desks join: ana (a team admin by the server's configuration) and ben.
  await joinTeam({ cases, settings, team, teamStatus }, investigator, 'ana', teamServer)
  const { pages: b } = await otherComputer.open()
  await joinTeam(b, benPerson, 'ben', teamServer)
  const reviewB = new CaseReview(b.cases.page)
  const bridgeB = new PageBridge(b.cases.page)
  await teamStatus.until(() => expect(team.rosterMembers).toHaveCount(2, { timeout: 500 }))

  // 2. The admin gives ben the reviewer role (a signed roster entry; the roles editor is another
  // screen's), and it reaches ben's desk.
  await bridgeA.data('team.setRoles', { member: 'ben', roles: ['investigator', 'reviewer'] })
  await b.teamStatus.until(async () => {
    const view = await bridgeB.data('team.view', {})
    const roles = view.joined ? view.roster.find((entry) => entry.member === 'ben')?.roles : []
    expect(roles).toContain('reviewer')
  })

  // 3. A decides a hit as a true match and shares the case: closing it needs a second review.
  await cases.open()
  await caseWithCheckFlow({ cases, search }, caseTitle, pep)
  await cases.hit(0).decide('True match', 'The customer is the official the record names.')
  await expect(cases.hit(0).decision).toHaveText('True match')
  await sharedCase.share()
  const caseId = sharedCase.caseId()
  await expect(reviewA.assignee).toHaveText('Unassigned')
  await reviewA.assignTo(ana)
  await expect(reviewA.assignee).toHaveText(`Assigned to ${ana}`)

  await reviewA.openCloseDialog()
  await expect(reviewA.closeNeeds).toContainText(
    'Because 1 hit is a confirmed true match, the case closes only with the approval of a second member holding the reviewer role, made after its last change: nobody has asked for a review yet.',
  )
  await expect(reviewA.closeApprovers).toHaveText(`Who may approve: ${ben}.`)
  await reviewA.fillClosing('Risk confirmed', reason)
  await expect(reviewA.askButton).toHaveText('Ask for review')
  await expect(reviewA.closeConfirm).toHaveCount(0)
  await saveScreen(page, 'four-eyes-01-close-request')
  await reviewA.askForReview()

  // 4. A waits, and cannot approve: no button, and the main side refuses it too.
  await expect(reviewA.request).toContainText(
    `${ana} asks to close this case as Risk confirmed: ${reason}`,
  )
  await expect(reviewA.waiting).toHaveText(
    `Waiting for review by ${ben}. You cannot approve your own request.`,
  )
  await expect(reviewA.approveButton).toHaveCount(0)
  const asked = await bridgeA.data('team.readCase', { caseId })
  const request = asked.awaitedReview?.request.entryId ?? ''
  expect(request).not.toBe('')
  const ownApproval = await bridgeA.call('team.approve', { caseId, request })
  expect(ownApproval).toMatchObject({
    ok: false,
    error: {
      message: expect.stringMatching(
        new RegExp(`: ${investigator.name} \\(ana\\) cannot approve their own close request\\.$`),
      ),
    },
  })

  // 5. B, the reviewer, finds the case waiting and sends it back through its dialog, with a reason.
  await b.cases.open()
  const onB = b.cases.listItems.filter({ hasText: caseTitle })
  await b.teamStatus.until(() => expect(onB).toHaveCount(1, { timeout: 500 }))
  await b.cases.openCase(caseTitle)
  await b.teamStatus.until(() => expect(reviewB.approveButton).toBeVisible({ timeout: 500 }))
  await expect(reviewB.request).toContainText(
    `${ana} asks to close this case as Risk confirmed: ${reason}`,
  )
  await expect(reviewB.assignee).toHaveText(`Assigned to ${ana}`)
  await saveScreen(b.cases.page, 'four-eyes-02-review', reviewB.panel)
  await reviewB.sendBack(notYet)
  await expect(reviewB.sentBack).toContainText(`${ben} sent it back: ${notYet}`)
  await expect(reviewB.approveButton).toHaveCount(0)

  // 6. A reads why, on the panel and the timeline, and gives the case to B through the header.
  await teamStatus.until(() =>
    expect(reviewA.sentBack).toContainText(`${ben} sent it back: ${notYet}`, { timeout: 500 }),
  )
  await expect(reviewA.waiting).toHaveCount(0)
  await saveScreen(page, 'four-eyes-07-sent-back', reviewA.panel)
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines.first()).toHaveText(`Sent back: ${notYet}`)
  await expect(cases.auditActors.first()).toHaveText(benPerson.name)
  await reviewA.assignTo(ben)
  await expect(reviewA.assignee).toHaveText(`Assigned to ${ben}`)
  await expect(cases.auditHeadlines.first()).toHaveText(`Assigned to ${ben}`)
  await expect(cases.auditDetails(0)).toContainText(`Was assigned to ${ana}.`)
  await expect(cases.auditActors.first()).toHaveText(investigator.name)
  await cases.showTab('checks')
  await b.teamStatus.until(() =>
    expect(reviewB.assignee).toHaveText(`Assigned to ${ben}`, { timeout: 500 }),
  )

  // 7. A asks again; B approves the case as it stands.
  await reviewA.openCloseDialog()
  await reviewA.fillClosing('Risk confirmed', reason)
  await reviewA.askForReview()
  await expect(reviewA.waiting).toHaveText(
    `Waiting for review by ${ben}. You cannot approve your own request.`,
  )
  await expect(reviewA.sentBack).toHaveCount(0)
  await b.teamStatus.until(() => expect(reviewB.approveButton).toBeVisible({ timeout: 500 }))
  await reviewB.approve()
  await expect(reviewB.approved).toHaveText(
    `You approved the close requested by ${ana}: they can close the case now.`,
  )

  // 8. A sees the approval and closes; the case is closed on both desks.
  await teamStatus.until(() =>
    expect(reviewA.approved).toContainText(`Approved by ${ben} — you can close the case now.`, {
      timeout: 500,
    }),
  )
  await saveScreen(page, 'four-eyes-03-approved', reviewA.panel)
  await reviewA.closeButton.click()
  await expect(reviewA.closeNeeds).toHaveText(
    `Approved by ${ben}, a second reviewer, after the case's last change.`,
  )
  await reviewA.fillClosing('Risk confirmed', reason)
  await reviewA.confirmClose(undecided)
  await expect(cases.closure).toContainText('Closed: Risk confirmed')
  await expect(reviewA.panel).toHaveCount(0)
  await b.teamStatus.until(() =>
    expect(b.cases.closure).toContainText('Closed: Risk confirmed', { timeout: 500 }),
  )
  await cases.showTab('timeline')
  await expect(cases.auditHeadlines.first()).toHaveText('Closed: Risk confirmed')
  await expect(cases.auditHeadlines.nth(1)).toHaveText(
    `Approved the close requested by ${ana} as “Risk confirmed”`,
  )
  await expect(cases.auditHeadlines.nth(2)).toHaveText(
    `Asked for review before closing as Risk confirmed: ${reason}`,
  )
  await cases.showTab('checks')

  // 9. The closed case's bundle verifies, the screen saying who approved as the CLI does; without the approval entry it fails by the rule alone,
  // even when a forger makes everything else agree and signs it again.
  const download = await cases.exportBundle()
  const bundlePath = test.info().outputPath('four-eyes.zip')
  await download.saveAs(bundlePath)
  await expect(cases.exportDone).toContainText(`Signed by ${investigator.name}`)
  await verify.open()
  await verify.check(bundlePath)
  await expect(verify.result).toHaveAttribute('data-ok', 'true')
  await expect(verify.secondReview).toContainText(`Approved by ${ben}, a second reviewer, at `)
  await expect(verify.secondReview).toContainText(`; closed by ${ana}.`)
  await expect(verify.manifest).toContainText('1 check, 4 hits, 1 decision, 0 entities, 0 notes')
  await expect(verify.teamAdmins).toHaveText(
    'ana (as the signer states the team server’s configuration names them)',
  )
  await saveScreen(page, 'four-eyes-08-verified', verify.manifest)
  const { entries } = await bridgeA.data('team.readCase', { caseId })
  const approval = entries.find((entry) => entry.action === 'approved')?.entryId ?? ''
  const closing = entries.find((entry) => entry.action === 'closed')?.entryId ?? ''
  const forgedPath = test.info().outputPath('four-eyes-without-approval.zip')
  writeFileSync(
    forgedPath,
    forgedWithoutTeamEntry(new Uint8Array(readFileSync(bundlePath)), approval, teamStranger()),
  )
  await verify.check(forgedPath)
  await expect(verify.result).toHaveAttribute('data-ok', 'false')
  await expect(verify.problemsOfKind('meaning')).toContainText(
    `${closing} closes the case without an approval by a second reviewer made after its last change`,
  )
  await expect(verify.secondReview).toContainText(
    `Closed by ${ana} without the second review the four-eyes rule asks for.`,
  )
  const printed = verifyBundleCli(forgedPath)
  expect(printed.status).toBe(1)
  // The screen says the review in the very sentence the command line prints.
  expect(printed.stdout).toContain(`Second review: ${await verify.secondReview.textContent()}`)
  expect(printed.stdout).toContain(`MEANING team/entries.json ${closing} closes the case`)
  await cases.open()
  await cases.openCase(caseTitle)

  // 10. Reopened, asked and approved again: a note by A afterwards withdraws the approval.
  await cases.reopen('One more transfer to look at.')
  await reviewA.openCloseDialog()
  await reviewA.fillClosing('Risk confirmed', reason)
  await reviewA.askForReview()
  await b.teamStatus.until(() => expect(reviewB.approveButton).toBeVisible({ timeout: 500 }))
  await reviewB.approve()
  await teamStatus.until(() =>
    expect(reviewA.approved).toContainText(`Approved by ${ben}`, { timeout: 500 }),
  )
  await cases.addNote('A further transfer from the same wallet, found after the approval.')
  await expect(reviewA.withdrawn).toContainText(
    `The approval by ${ben} was withdrawn by a later change: Note added (by ${ana}).`,
  )
  await expect(reviewA.waiting).toContainText(`Waiting for review by ${ben}.`)
  await expect(reviewA.closeButton).toHaveCount(0)
  // The main side refuses the close as well, in the rule's sentence, whatever the screen offers.
  const close = await bridgeA.call('team.writeCase', {
    caseId,
    change: {
      action: 'closed',
      summary: 'Closed: Risk confirmed',
      before: { state: 'open' },
      after: { state: 'closed', closure: { outcome: 'risk_confirmed', reason } },
    },
  })
  expect(close).toMatchObject({
    ok: false,
    error: { message: expect.stringMatching(/withdrew the approval\.$/) },
  })
  await b.teamStatus.until(() => expect(reviewB.approveButton).toBeVisible({ timeout: 500 }))
  await expect(b.cases.closure).toHaveCount(0)
})
