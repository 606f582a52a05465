import { describe, expect, it, vi } from 'vitest'
import type { ReviewQueue } from '../../../shared/bridge/teamContract'
import type { NotificationPort } from '../notifications/notificationPort'
import { watchTeamReviews, type TeamReviewAlertsOptions } from './teamReviewAlerts'

const queueOf = (caseIds: string[]): ReviewQueue => ({
  waitingForMyReview: { count: caseIds.length, caseIds },
  assignedToMe: { count: 0, caseIds: [] },
  unassigned: { count: 0, caseIds: [] },
})

/** A desk whose member, queue and setting the test moves; each tick of its schedule a look. */
const desk = (options: Partial<TeamReviewAlertsOptions> = {}) => {
  const state = { member: 'ben' as string | null, waiting: [] as string[], notifyChanges: true }
  const port = {
    supported: () => true,
    show: vi.fn<NotificationPort['show']>(() => true),
  } satisfies NotificationPort
  const reviewQueue = vi.fn(async () => queueOf(state.waiting))
  let tick = () => {}
  const stop = vi.fn()
  const alerts = watchTeamReviews({
    member: () => state.member,
    reviewQueue,
    alerts: { view: () => ({ notifyChanges: state.notifyChanges, osNotifications: true }) },
    port,
    schedule: (run) => {
      tick = run
      return stop
    },
    ...options,
  })
  return { state, port, reviewQueue, alerts, stop, tick: () => tick() }
}

const titles = (port: ReturnType<typeof desk>['port']) =>
  port.show.mock.calls.map(([notice]) => notice.title)

describe('review alerts: an OS notification when more cases wait for my review', () => {
  it('tells each growth once, in counts only, and nothing when the count stays or falls', async () => {
    const { state, port, alerts } = desk()
    await alerts.check()
    expect(port.show).not.toHaveBeenCalled()

    state.waiting = ['case_a']
    await alerts.check()
    state.waiting = ['case_a', 'case_b']
    await alerts.check()
    await alerts.check()
    state.waiting = ['case_b']
    await alerts.check()
    state.waiting = ['case_b', 'case_c']
    await alerts.check()
    expect(titles(port)).toEqual([
      '1 case waits for your review',
      '2 cases wait for your review',
      '2 cases wait for your review',
    ])
    expect(port.show).toHaveBeenCalledWith({
      title: '1 case waits for your review',
      body: 'A colleague asked for a second review before closing. Open Changes to see it.',
      opens: '/changes',
    })
    expect(port.show).toHaveBeenLastCalledWith({
      title: '2 cases wait for your review',
      body: 'A colleague asked for a second review before closing. Open Changes to see them.',
      opens: '/changes',
    })
    // Nothing that names a case or a member.
    for (const [notice] of port.show.mock.calls) {
      expect(JSON.stringify(notice)).not.toMatch(/case_|ben/)
    }
  })

  it('tells the cases already waiting at the first look, once', async () => {
    const { state, port, alerts } = desk()
    state.waiting = ['case_a', 'case_b']
    await alerts.check()
    await alerts.check()
    expect(titles(port)).toEqual(['2 cases wait for your review'])
  })

  it('follows the change-notification setting, counting on while it is off', async () => {
    const { state, port, alerts } = desk()
    state.notifyChanges = false
    state.waiting = ['case_a']
    await alerts.check()
    expect(port.show).not.toHaveBeenCalled()
    state.notifyChanges = true
    await alerts.check()
    expect(port.show).not.toHaveBeenCalled()
    state.waiting = ['case_a', 'case_b']
    await alerts.check()
    expect(titles(port)).toEqual(['2 cases wait for your review'])
  })

  it('asks nothing on a desk in no team or a platform without notifications', async () => {
    const outside = desk()
    outside.state.member = null
    outside.state.waiting = ['case_a']
    outside.tick()
    await outside.alerts.check()
    expect(outside.reviewQueue).not.toHaveBeenCalled()

    const browser = desk({ port: { supported: () => false, show: vi.fn(() => false) } })
    browser.state.waiting = ['case_a']
    await browser.alerts.check()
    expect(browser.reviewQueue).not.toHaveBeenCalled()
  })

  it('looks at each tick of its schedule, one look at a time, until stopped', async () => {
    const { state, port, reviewQueue, alerts, stop, tick } = desk()
    state.waiting = ['case_a']
    tick()
    tick()
    await alerts.check()
    expect(reviewQueue).toHaveBeenCalledOnce()
    expect(titles(port)).toEqual(['1 case waits for your review'])
    alerts.stop()
    expect(stop).toHaveBeenCalledOnce()
  })

  it('counts again from none for another member, and tells a failure once until a read succeeds', async () => {
    const onFailure = vi.fn()
    const { state, port, reviewQueue, alerts } = desk({ onFailure })
    state.waiting = ['case_a']
    await alerts.check()
    state.member = 'cyd'
    await alerts.check()
    expect(titles(port)).toEqual(['1 case waits for your review', '1 case waits for your review'])

    reviewQueue.mockRejectedValue(new Error('The team database is closed.'))
    await alerts.check()
    await alerts.check()
    expect(onFailure).toHaveBeenCalledOnce()
    reviewQueue.mockImplementation(async () => queueOf(state.waiting))
    await alerts.check()
    reviewQueue.mockRejectedValue(new Error('Again.'))
    await alerts.check()
    expect(onFailure).toHaveBeenCalledTimes(2)
    expect(port.show).toHaveBeenCalledTimes(2)
  })
})
