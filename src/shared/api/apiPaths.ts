/**
 * The upstream API's paths (spec sections 3 and 4), relative to an environment's base URL so a
 * base URL with a path prefix keeps it. The client, the local sandbox and the tests all use these.
 */
export const apiPaths = {
  entities: 'v2/api/entities',
  entity: (id: string): string => `v2/api/entities/${encodeURIComponent(id)}`,
  cryptoSearch: 'v2/api/verifications/advanced/crypto/aml-checks',
} as const

/** The same path as a server sees it in a request line (base URL at the root). */
export const rootedPath = (path: string): string => `/${path}`
