import type { ReviewQueue } from '../../../shared/bridge/teamContract'
import { countOf, noun } from '../../../shared/text/counting'
import type { ChangeAlerts } from '../notifications/changeAlerts'
import type { NotificationPort } from '../notifications/notificationPort'

/** How often a desk in a team asks whether more cases wait for its member's review. */
export const reviewAlertIntervalMs = 15_000

export interface TeamReviewAlertsOptions {
  /** The member this desk writes as; null while it is in no team. */
  member: () => string | null
  reviewQueue: () => Promise<ReviewQueue>
  /** The person's choice of change notifications, which these follow. */
  alerts: Pick<ChangeAlerts, 'view'>
  port: NotificationPort
  /** Runs `tick` every so often until the returned function is called; a timer by default. */
  schedule?: (tick: () => void) => () => void
  /** A failure to read the queue, told once until a read succeeds again. */
  onFailure?: (error: unknown) => void
}

export interface TeamReviewAlerts {
  /** Reads the queue now and notifies when more cases wait than at the last read. */
  check(): Promise<void>
  stop(): void
}

const everyInterval = (tick: () => void): (() => void) => {
  const timer = setInterval(tick, reviewAlertIntervalMs)
  // Waiting for the next look never keeps the process alive.
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * One OS notification whenever the number of shared cases waiting for this member's review grows
 * ("2 cases wait for your review"): counts only, nothing that names a case or a person, as it
 * shows on a locked screen. It follows the change-notification setting, and asks nothing of the
 * team while the desk is in none or the platform shows no notifications (the browser mode, where
 * the Changes badge counts them). The first look after a start or a join counts from none, so
 * cases that came to wait while the app was closed are told once.
 */
export function watchTeamReviews({
  member,
  reviewQueue,
  alerts,
  port,
  schedule = everyInterval,
  onFailure = () => undefined,
}: TeamReviewAlertsOptions): TeamReviewAlerts {
  let seen: { member: string; waiting: number } | null = null
  let failing = false
  let looking: Promise<void> | null = null
  const look = async (): Promise<void> => {
    const me = member()
    if (me === null || !port.supported()) {
      seen = null
      return
    }
    let waiting: number
    try {
      waiting = (await reviewQueue()).waitingForMyReview.count
      failing = false
    } catch (error) {
      if (!failing) onFailure(error)
      failing = true
      return
    }
    const before = seen?.member === me ? seen.waiting : 0
    seen = { member: me, waiting }
    if (waiting > before && alerts.view().notifyChanges) {
      port.show({
        title: `${countOf(waiting, noun('case'))} ${waiting === 1 ? 'waits' : 'wait'} for your review`,
        body: `A colleague asked for a second review before closing. Open Changes to see ${waiting === 1 ? 'it' : 'them'}.`,
        opens: '/changes',
      })
    }
  }
  // One look at a time: a slow read is not overtaken by the next tick's.
  const check = (): Promise<void> =>
    (looking ??= look().finally(() => {
      looking = null
    }))
  const stop = schedule(() => void check())
  return { check, stop }
}
