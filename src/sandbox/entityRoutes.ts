import { apiErrorNames } from '../shared/api/apiErrorNames'
import { createEntityRequestSchema, type EntityStore } from './entityStore'
import { SandboxHttpError, successBody, type PageLink } from './sandboxEnvelopes'
import { positiveIntegerParam } from './sandboxRequest'
import { validationFailure } from './sandboxValidation'

export const defaultPageLimit = 20
/** Spec section 8: maximum 100. A larger limit is served as 100, and `data.limit` says so. */
export const maxPageLimit = 100

export interface RouteReply {
  status: number
  body: unknown
  /** What the request was about (a check's query), for the request log. */
  subject?: string
}

export function listEntities(store: EntityStore, url: URL): RouteReply {
  const page = positiveIntegerParam(url.searchParams, 'page', 1)
  const limit = Math.min(
    positiveIntegerParam(url.searchParams, 'limit', defaultPageLimit),
    maxPageLimit,
  )
  const total = store.total
  const pageUrl = (target: number): string => {
    const link = new URL(url.pathname, url)
    link.searchParams.set('page', String(target))
    link.searchParams.set('limit', String(limit))
    return link.toString()
  }
  const links: PageLink[] = []
  if (page * limit < total) links.push({ rel: 'next', href: pageUrl(page + 1) })
  if (page > 1)
    links.push({
      rel: 'prev',
      href: pageUrl(Math.min(page - 1, Math.max(1, Math.ceil(total / limit)))),
    })
  return {
    status: 200,
    body: successBody(
      200,
      'Entities retrieved',
      { total, page, limit, list: store.page(page, limit) },
      links,
    ),
  }
}

export function createEntity(store: EntityStore, body: unknown, now: Date): RouteReply {
  const parsed = createEntityRequestSchema.safeParse(body)
  if (!parsed.success) throw validationFailure(parsed.error)
  return { status: 201, body: successBody(201, 'Entity created', store.create(parsed.data, now)) }
}

export function getEntity(store: EntityStore, id: string): RouteReply {
  const entity = store.get(id)
  if (!entity) {
    throw new SandboxHttpError(
      404,
      apiErrorNames.notFound,
      'Entity with the given ID was not found',
    )
  }
  return { status: 200, body: successBody(200, 'Entity retrieved', entity) }
}
