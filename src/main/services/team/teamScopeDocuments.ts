import type { TeamScope } from '../../../shared/team/teamEntry'
import type { StoredDocument, TeamDatabase } from './teamDatabase'

export const scopePrefix = (scope: TeamScope): string => `entry:${scope}:`

/** Every document whose id starts with `prefix`, for `allDocs`. */
export const idsStartingWith = (prefix: string) => ({ startkey: prefix, endkey: `${prefix}\ufff0` })

const scopeRange = (scope: TeamScope) => ({
  ...idsStartingWith(scopePrefix(scope)),
  include_docs: true,
  conflicts: true,
})

/**
 * Every revision of these rows' documents, each winner with its `_conflicts`: an entry is never
 * changed, so one with two versions must be seen as such (`vetTeamDocuments`), never as
 * whichever version CouchDB happens to pick.
 */
export async function everyVersion(
  local: TeamDatabase,
  rows: ReadonlyArray<{ id: string; doc?: StoredDocument }>,
): Promise<StoredDocument[]> {
  const versions = await Promise.all(
    rows.map(async ({ id, doc }) =>
      doc
        ? [doc, ...(await Promise.all((doc._conflicts ?? []).map((rev) => local.get(id, { rev }))))]
        : [],
    ),
  )
  return versions.flat()
}

/** Every version of every document this desk holds of a scope. */
export const scopeHeld = async (local: TeamDatabase, scope: TeamScope): Promise<StoredDocument[]> =>
  everyVersion(local, (await local.allDocs(scopeRange(scope))).rows)
