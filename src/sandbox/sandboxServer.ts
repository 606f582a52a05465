import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createEntity, getEntity, listEntities, type RouteReply } from './entityRoutes'
import { EntityStore } from './entityStore'
import { errorBody, sendJson, SandboxHttpError } from './sandboxEnvelopes'
import { readJsonBody } from './sandboxRequest'
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
  status: number
  ms: number
}

export interface SandboxOptions {
  port?: number
  productionPort?: number
  entityCount?: number
  /** Called once per answered request; never given the token. */
  onRequest?: (record: SandboxRequestRecord) => void
  now?: () => Date
}

export interface RunningSandbox {
  readonly environments: readonly SandboxEnvironmentInfo[]
  environment(name: SandboxEnvironmentName): SandboxEnvironmentInfo
  /** Every request answered so far, in order (what tests count). */
  readonly requests: readonly SandboxRequestRecord[]
  close(): Promise<void>
}

interface Workspace {
  info: SandboxEnvironmentInfo
  entities: EntityStore
}

type RouteHandler = (context: RouteContext) => Promise<RouteReply> | RouteReply

interface RouteContext {
  request: IncomingMessage
  url: URL
  params: string[]
  workspace: Workspace
}

interface Route {
  pattern: RegExp
  methods: Partial<Record<string, RouteHandler>>
}

const apiKey = (kind: 'sk' | 'pk', environment: SandboxEnvironmentName): string =>
  `${kind}_${environment === 'production' ? 'live' : 'test'}_${randomBytes(18).toString('hex')}`

export const defaultSeededEntityCount = 300
const productionSeed = 7_300_113

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date())
  const requests: SandboxRequestRecord[] = []
  const entityCount = options.entityCount ?? defaultSeededEntityCount

  const routes: Route[] = [
    {
      pattern: /^\/v2\/api\/entities\/?$/,
      methods: {
        GET: ({ workspace, url }) => listEntities(workspace.entities, url),
        POST: async ({ workspace, request }) =>
          createEntity(workspace.entities, await readJsonBody(request), now()),
      },
    },
    {
      pattern: /^\/v2\/api\/entities\/(ent_[A-Za-z0-9]+)$/,
      methods: { GET: ({ workspace, params }) => getEntity(workspace.entities, params[0] ?? '') },
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
    if (!token) throw new SandboxHttpError(401, 'UnauthorizedError', 'Invalid or missing token.')
    const owner = keyOwner(token)
    if (!owner || owner.workspace !== workspace) {
      throw new SandboxHttpError(401, 'UnauthorizedError', 'Permission denied')
    }
    if (owner.kind === 'public') {
      throw new SandboxHttpError(
        403,
        'ForbiddenError',
        'A public merchant key cannot call this endpoint.',
      )
    }
  }

  const handle = async (
    workspace: Workspace,
    request: IncomingMessage,
  ): Promise<{ reply: RouteReply; headers: Record<string, string> }> => {
    const url = new URL(request.url ?? '/', workspace.info.baseUrl)
    const route = routes.find((candidate) => candidate.pattern.test(url.pathname))
    if (!route) {
      throw new SandboxHttpError(404, 'ResourceNotFoundError', `No endpoint at ${url.pathname}.`)
    }
    const handler = route.methods[request.method ?? 'GET']
    if (!handler) {
      const allowed = Object.keys(route.methods).join(', ')
      throw new SandboxHttpError(
        405,
        'MethodNotAllowedError',
        `${request.method} is not allowed here; use ${allowed}.`,
        { allow: allowed },
      )
    }
    authenticate(request, workspace)
    const params = route.pattern.exec(url.pathname)?.slice(1) ?? []
    return { reply: await handler({ request, url, params, workspace }), headers: {} }
  }

  const serve = (workspace: Workspace) => (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now()
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const finish = (status: number, body: unknown, headers: Record<string, string>): void => {
      sendJson(response, status, body, headers)
      const record: SandboxRequestRecord = {
        environment: workspace.info.name,
        method: request.method ?? 'GET',
        path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }
      requests.push(record)
      options.onRequest?.(record)
    }
    handle(workspace, request).then(
      ({ reply, headers }) => finish(reply.status, reply.body, headers),
      (error: unknown) => {
        if (error instanceof SandboxHttpError) {
          finish(
            error.statusCode,
            errorBody(error.statusCode, error.name, error.message),
            error.headers,
          )
        } else {
          finish(500, errorBody(500, 'Error', 'Internal Server Error'), {})
        }
      },
    )
  }

  const listen = async (name: SandboxEnvironmentName, port: number): Promise<void> => {
    const workspace: Workspace = {
      info: { name, baseUrl: '', secretKey: apiKey('sk', name), publicKey: apiKey('pk', name) },
      // Each workspace has its own entities (production a third as many), so data never overlaps.
      entities: new EntityStore(
        name === 'sandbox'
          ? syntheticEntities(entityCount)
          : syntheticEntities(Math.ceil(entityCount / 3), productionSeed),
      ),
    }
    const server = createServer(serve(workspace))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    const { port: boundPort } = server.address() as AddressInfo
    workspace.info.baseUrl = `http://127.0.0.1:${boundPort}/`
    workspaces.push(workspace)
    servers.push(server)
  }

  await listen('sandbox', options.port ?? 0)
  await listen('production', options.productionPort ?? 0)

  return {
    environments: workspaces.map((workspace) => workspace.info),
    environment(name) {
      const found = workspaces.find((workspace) => workspace.info.name === name)
      if (!found) throw new Error(`no ${name} environment`)
      return found.info
    },
    requests,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve())
              server.closeAllConnections()
            }),
        ),
      )
    },
  }
}
