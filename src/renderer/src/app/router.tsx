import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useSearch,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { environmentIdSchema } from '../../../shared/environments'
import { CasesScreen } from '../features/cases/CasesScreen'
import { EntityDetailScreen } from '../features/entities/EntityDetailScreen'
import { EntityListScreen } from '../features/entities/EntityListScreen'
import { HistoryCheckScreen } from '../features/history/HistoryCheckScreen'
import { HistoryScreen } from '../features/history/HistoryScreen'
import { SearchScreen } from '../features/search/SearchScreen'
import { SettingsScreen } from '../features/settings/SettingsScreen'
import { VerifyScreen } from '../features/verify/VerifyScreen'
import { AppFrame } from './AppFrame'
import { NotFoundScreen } from './NotFoundScreen'

const rootRoute = createRootRoute({
  component: () => (
    <AppFrame>
      <Outlet />
    </AppFrame>
  ),
  notFoundComponent: NotFoundScreen,
})

const screen = <Path extends string>(path: Path, component: () => ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component })

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    // The app opens on the search, as it always has.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: '/search', replace: true })
  },
})

const entityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entities/$entityId',
  // An entity of a case may belong to another environment than the active one.
  validateSearch: z.object({ environment: environmentIdSchema.optional().catch(undefined) }),
  component: function EntityRoute() {
    const { entityId } = entityRoute.useParams()
    const { environment } = useSearch({ strict: false })
    return <EntityDetailScreen id={entityId} environment={environment ?? null} />
  },
})

const historyCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/history/$checkId',
  component: function HistoryCheckRoute() {
    return <HistoryCheckScreen localId={historyCheckRoute.useParams().checkId} />
  },
})

const caseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cases/$caseId',
  component: function CaseRoute() {
    return <CasesScreen caseId={caseRoute.useParams().caseId} />
  },
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  screen('/search', SearchScreen),
  screen('/history', HistoryScreen),
  historyCheckRoute,
  screen('/cases', () => <CasesScreen caseId={null} />),
  caseRoute,
  screen('/entities', EntityListScreen),
  entityRoute,
  screen('/verify', VerifyScreen),
  screen('/settings', SettingsScreen),
])

/** One URL per screen and per record, in the hash: it works on `app://` and on the loopback host alike. */
export const createAppRouter = () =>
  createRouter({ routeTree, history: createHashHistory(), scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
