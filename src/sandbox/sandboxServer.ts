import { apiErrorNames } from '../shared/api/apiErrorNames'
import { apiPaths, rootedPath } from '../shared/api/apiPaths'
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runCryptoSearch } from './crypto/cryptoSearchRoute'
import { syntheticMatches } from './crypto/syntheticMatches'
import { isoDayOf, WalletIndex, type IsoDay } from './crypto/walletIndex'
import {
  bundledDelistedWallets,
  bundledSanctionedWallets,
  walletsWithDelistings,
  type WalletRecord,
} from './crypto/walletRecords'
import { createEntity, getEntity, listEntities, type RouteReply } from './entityRoutes'
import { EntityStore } from './entityStore'
import { FaultSchedule, type FaultTarget, type SandboxFault } from './sandboxFaults'
import { SandboxHttpError } from './sandboxEnvelopes'
import { serveExchange } from './sandboxExchange'
import { readJsonBody } from './sandboxRequest'
import {
  CheckBilling,
  defaultProductionBalance,
  defaultRateLimitPerSecond,
  RateLimiter,
  syntheticRequester,
  type Workspace,
} from './sandboxWorkspace'
import { syntheticEntities } from './syntheticEntities'

export type SandboxEnvironmentName = 'sandbox' | 'production'

export interface SandboxEnvironmentInfo {
  name: SandboxEnvironmentName
  baseUrl: string
  secretKey: string
  publicKey: string
}

export interface SandboxRequestRecord {
  environment: SandboxEnvironmentName
  method: string
  path: string
  /** 0 when the connection was reset instead of answered. */
  status: number
  /** When the request arrived, in milliseconds since the epoch (so tests can see pauses). */
  receivedAt: number
  ms: number
  /** True when this request ran a billed check (even if its answer was then lost). */
  billed: boolean
  /** What a processed request was about: a check's query. */
  subject?: string
}

export interface SandboxOptions {
  port?: number
  productionPort?: number
  entityCount?: number
  /** Wallets to serve instead of the bundled OFAC data (`--data FILE`). */
  wallets?: WalletRecord[]
  rateLimitPerSecond?: number
  /** The production workspace's balance, in checks. */
  productionBalance?: number
  /** Called once per request; never given the token. */
  onRequest?: (record: SandboxRequestRecord) => void
  now?: () => Date
  /** The day whose lists the sandbox serves (`--as-of`); today by `now` when absent. */
  asOf?: IsoDay
}

export interface RunningSandbox {
  readonly environments: readonly SandboxEnvironmentInfo[]
  environment(name: SandboxEnvironmentName): SandboxEnvironmentInfo
  /** Every request so far, in order (what tests count). */
  readonly requests: readonly SandboxRequestRecord[]
  /** Checks billed to the production workspace so far. */
  billedChecks(): number
  productionBalance(): number
  setProductionBalance(checks: number): void
  /** Serves the lists as they stood on `day`, or as of today again (undefined): for tests. */
  setAsOf(day: IsoDay | undefined): void
  injectFault(fault: SandboxFault, target?: FaultTarget): void
  clearFaults(): void
  /** Stops answering (connections are refused) while keeping every key, record and count. */
  suspend(): Promise<void>
  /** Answers again on the same ports, as the same service. */
  resume(): Promise<void>
  close(): Promise<void>
}

interface RouteContext {
  request: IncomingMessage
  url: URL
  params: string[]
  workspace: Workspace
}

interface Route {
  pattern: RegExp
  methods: Partial<Record<string, (context: RouteContext) => Promise<RouteReply> | RouteReply>>
}

const apiKey = (kind: 'sk' | 'pk', environment: SandboxEnvironmentName): string =>
  `${kind}_${environment === 'production' ? 'live' : 'test'}_${randomBytes(18).toString('hex')}`

export const defaultSeededEntityCount = 300
const productionSeed = 7_300_113
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A route's pattern: the shared path as a request line has it, then `tail` (a trailing slash). */
const routeOf = (path: string, tail = '/?'): RegExp =>
  new RegExp(`^${escaped(rootedPath(path))}${tail}$`)

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date())
  const requests: SandboxRequestRecord[] = []
  const entityCount = options.entityCount ?? defaultSeededEntityCount
  const wallets = new WalletIndex(
    walletsWithDelistings(options.wallets ?? bundledSanctionedWallets(), bundledDelistedWallets()),
  )
  let asOf = options.asOf
  const faults = new FaultSchedule()
  const log = (entry: SandboxRequestRecord): void => {
    requests.push(entry)
    options.onRequest?.(entry)
  }

  const routes: Route[] = [
    {
      pattern: routeOf(apiPaths.entities),
      methods: {
        GET: ({ workspace, url }) => listEntities(workspace.entities, url),
        POST: async ({ workspace, request }) =>
          createEntity(workspace.entities, await readJsonBody(request), now()),
      },
    },
    {
      pattern: routeOf(apiPaths.entities, '/(ent_[A-Za-z0-9]+)'),
      methods: { GET: ({ workspace, params }) => getEntity(workspace.entities, params[0] ?? '') },
    },
    {
      pattern: routeOf(apiPaths.cryptoSearch),
      methods: {
        POST: async ({ workspace, request }) => {
          const body = await readJsonBody(request)
          workspace.billing.ensureFunds()
          const reply = runCryptoSearch(
            body,
            { wallets, synthetic: syntheticMatches, day: asOf ?? isoDayOf(now()) },
            workspace.requester,
            now(),
          )
          workspace.billing.recordCheck()
          const { query } = body as { query?: unknown }
          return typeof query === 'string' ? { ...reply, subject: query } : reply
        },
      },
    },
  ]

  const workspaces: Workspace[] = []
  const servers: Server[] = []

  const keyOwner = (
    token: string,
  ): { workspace: Workspace; kind: 'secret' | 'public' } | undefined => {
    for (const workspace of workspaces) {
      if (workspace.info.secretKey === token) return { workspace, kind: 'secret' }
      if (workspace.info.publicKey === token) return { workspace, kind: 'public' }
    }
    return undefined
  }

  const authenticate = (request: IncomingMessage, workspace: Workspace): void => {
    const header = request.headers.token
    const token = Array.isArray(header) ? header[0] : header
    if (!token)
      throw new SandboxHttpError(401, apiErrorNames.unauthorized, 'Invalid or missing token.')
    const owner = keyOwner(token)
    if (!owner || owner.workspace !== workspace) {
      throw new SandboxHttpError(401, apiErrorNames.unauthorized, 'Permission denied')
    }
    if (owner.kind === 'public') {
      throw new SandboxHttpError(
        403,
        apiErrorNames.forbidden,
        'A public merchant key cannot call this endpoint.',
      )
    }
  }

  /** Route, then authenticate, then the workspace's rate limit, then the handler. */
  const handle = async (workspace: Workspace, request: IncomingMessage): Promise<RouteReply> => {
    const url = new URL(request.url ?? '/', workspace.info.baseUrl)
    const route = routes.find((candidate) => candidate.pattern.test(url.pathname))
    if (!route)
      throw new SandboxHttpError(404, apiErrorNames.notFound, `No endpoint at ${url.pathname}.`)
    const handler = route.methods[request.method ?? 'GET']
    if (!handler) {
      const allowed = Object.keys(route.methods).join(', ')
      throw new SandboxHttpError(
        405,
        apiErrorNames.methodNotAllowed,
        `${request.method} is not allowed here; use ${allowed}.`,
        {
          allow: allowed,
        },
      )
    }
    authenticate(request, workspace)
    workspace.rateLimiter.admit()
    const params = route.pattern.exec(url.pathname)?.slice(1) ?? []
    return handler({ request, url, params, workspace })
  }

  const serve = (workspace: Workspace) => (request: IncomingMessage, response: ServerResponse) =>
    serveExchange({ workspace, faults, handle, log }, request, response)

  const createWorkspace = (name: SandboxEnvironmentName): Workspace => ({
    info: { name, baseUrl: '', secretKey: apiKey('sk', name), publicKey: apiKey('pk', name) },
    // Each workspace has its own entities (production a third as many), so data never overlaps.
    entities: new EntityStore(
      name === 'sandbox'
        ? syntheticEntities(entityCount)
        : syntheticEntities(Math.ceil(entityCount / 3), productionSeed),
    ),
    rateLimiter: new RateLimiter(options.rateLimitPerSecond ?? defaultRateLimitPerSecond),
    billing: new CheckBilling(
      name === 'production',
      options.productionBalance ?? defaultProductionBalance,
    ),
    requester: syntheticRequester(),
  })

  const listen = async (workspace: Workspace, port: number): Promise<void> => {
    const server = createServer((request, response) => void serve(workspace)(request, response))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    const { port: boundPort } = server.address() as AddressInfo
    workspace.info.baseUrl = `http://127.0.0.1:${boundPort}/`
    servers.push(server)
  }

  const stopListening = async (): Promise<void> => {
    const closing = servers.splice(0)
    await Promise.all(
      closing.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          }),
      ),
    )
  }

  workspaces.push(createWorkspace('sandbox'), createWorkspace('production'))
  await listen(workspaces[0]!, options.port ?? 0)
  await listen(workspaces[1]!, options.productionPort ?? 0)
  const production = workspaces[1]!

  return {
    environments: workspaces.map((workspace) => workspace.info),
    environment(name) {
      const found = workspaces.find((workspace) => workspace.info.name === name)
      if (!found) throw new Error(`no ${name} environment`)
      return found.info
    },
    requests,
    billedChecks: () => production.billing.billedChecks,
    productionBalance: () => production.billing.balance,
    setProductionBalance: (checks) => {
      production.billing.balance = checks
    },
    setAsOf: (day) => {
      asOf = day
    },
    injectFault: (fault, target) => faults.inject(fault, target),
    clearFaults: () => faults.clear(),
    suspend: stopListening,
    resume: async () => {
      for (const workspace of workspaces)
        await listen(workspace, Number(new URL(workspace.info.baseUrl).port))
    },
    close: stopListening,
  }
}
