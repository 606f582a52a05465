import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  getRouteApi,
  Outlet,
  redirect,
  useParams,
  useSearch,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { entityPageSizes } from '../../../shared/bridge/entitiesContract'
import { environmentIdSchema } from '../../../shared/environments'
import { BulkJobScreen } from '../features/bulk/BulkJobScreen'
import { BulkScreen } from '../features/bulk/BulkScreen'
import { bulkJobSearchSchema } from '../features/bulk/bulkJobAddress'
import { CasesScreen } from '../features/cases/CasesScreen'
import { caseListSearchSchema, caseSearchSchema } from '../features/cases/caseAddress'
import { EntityDetailScreen } from '../features/entities/EntityDetailScreen'
import { EntityListScreen } from '../features/entities/EntityListScreen'
import { HistoryCheckScreen } from '../features/history/HistoryCheckScreen'
import { HistoryScreen } from '../features/history/HistoryScreen'
import { historySearchSchema } from '../features/history/historyAddress'
import { SearchScreen } from '../features/search/SearchScreen'
import { SettingsScreen } from '../features/settings/SettingsScreen'
import { settingsSections } from '../components/settingsSections'
import { VerifyScreen } from '../features/verify/VerifyScreen'
import { ChangesScreen } from '../features/watch/ChangesScreen'
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

/** The page of the entity list on show; absent, the first page of the smallest size. */
const entityListSearch = z.object({
  page: z.number().int().positive().optional().catch(undefined),
  limit: z
    .number()
    .refine((limit) => (entityPageSizes as readonly number[]).includes(limit))
    .optional()
    .catch(undefined),
})

/** An entity of a case may belong to another environment than the active one. */
const entitySearch = z.object({
  environment: environmentIdSchema.optional().catch(undefined),
})

/** The entity list and each entity's page; the list's page number is in the address. */
const entitiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entities',
  validateSearch: entityListSearch,
})

const entityListRoute = createRoute({
  getParentRoute: () => entitiesRoute,
  path: '/',
  component: EntityListScreen,
})

const entityRoute = createRoute({
  getParentRoute: () => entitiesRoute,
  path: '$entityId',
  validateSearch: entitySearch,
  component: EntityRoute,
})

/** Read by id through the registered router: a route's type never depends on its own component. */
const routeApi = {
  entity: getRouteApi('/entities/$entityId'),
  history: getRouteApi('/history'),
  historyCheck: getRouteApi('/history/$checkId'),
  bulkJob: getRouteApi('/bulk/$jobId'),
  settings: getRouteApi('/settings'),
}

// Route components are declared apart, with their return type spelled out, so that a route's
// type does not depend on its own component (TypeScript would give up and make it `any`).
function EntityRoute(): ReactNode {
  const { entityId } = routeApi.entity.useParams()
  const { environment } = routeApi.entity.useSearch()
  return <EntityDetailScreen id={entityId} environment={environment ?? null} />
}

/** A section of Settings to bring into view, when a link elsewhere says what to change there. */
const settingsSearch = z.object({
  section: z.enum(settingsSections).optional().catch(undefined),
})

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  validateSearch: settingsSearch,
  component: SettingsRoute,
})

function SettingsRoute(): ReactNode {
  return <SettingsScreen section={routeApi.settings.useSearch().section ?? null} />
}

const historyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/history',
  validateSearch: historySearchSchema,
  component: HistoryRoute,
})

function HistoryRoute(): ReactNode {
  return <HistoryScreen search={routeApi.history.useSearch()} />
}

const historyCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/history/$checkId',
  component: HistoryCheckRoute,
})

function HistoryCheckRoute(): ReactNode {
  return <HistoryCheckScreen localId={routeApi.historyCheck.useParams().checkId} />
}

/**
 * The case list and the open case are one screen: opening another case changes the address and
 * the case shown, while the list stays as it is (mounted, scrolled where it was, its filters in
 * the address of both).
 */
const casesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cases',
  validateSearch: caseListSearchSchema,
  component: CasesRoute,
})
const caseListRoute = createRoute({ getParentRoute: () => casesRoute, path: '/' })
const caseRoute = createRoute({
  getParentRoute: () => casesRoute,
  path: '$caseId',
  validateSearch: caseSearchSchema,
})

function CasesRoute(): ReactNode {
  const { tab } = useSearch({ strict: false })
  return <CasesScreen caseId={useParams({ strict: false }).caseId ?? null} search={{ tab }} />
}

const bulkJobRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bulk/$jobId',
  validateSearch: bulkJobSearchSchema,
  component: BulkJobRoute,
})

function BulkJobRoute(): ReactNode {
  return (
    <BulkJobScreen
      jobId={routeApi.bulkJob.useParams().jobId}
      search={routeApi.bulkJob.useSearch()}
    />
  )
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  screen('/search', SearchScreen),
  historyRoute,
  historyCheckRoute,
  screen('/bulk', BulkScreen),
  bulkJobRoute,
  casesRoute.addChildren([caseListRoute, caseRoute]),
  entitiesRoute.addChildren([entityListRoute, entityRoute]),
  screen('/changes', ChangesScreen),
  screen('/verify', VerifyScreen),
  settingsRoute,
])

/** One URL per screen and per record, in the hash: it works on `app://` and on the loopback host alike. */
export const createAppRouter = () =>
  createRouter({ routeTree, history: createHashHistory(), scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
