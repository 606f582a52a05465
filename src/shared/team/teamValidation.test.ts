import fc from 'fast-check'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { signedEntryForTest } from '../../test-support/teamServer'
import { teamConfigDocument } from './teamConfig'
import { teamEntryId } from './teamEntry'
import { teamValidationSource } from './teamValidation'

type UserCtx = { name: string | null; roles: string[] }
type SecObj = { admins?: { names?: string[]; roles?: string[] } }
type Validate = (newDoc: object, oldDoc: object | null, userCtx: UserCtx, secObj: SecObj) => void

// The server evaluates this very text; so does the test, rather than a copy of its rules.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const validate = (new Function(`return (${teamValidationSource})`) as () => Validate)()

const ana: UserCtx = { name: 'ana', roles: ['team-member'] }
const serverAdmin: UserCtx = { name: 'root', roles: ['_admin'] }
const security: SecObj = { admins: { names: ['dbadmin'], roles: ['team-admin'] } }

/** The reason the function refuses with, or null when it accepts. */
function refusal(newDoc: object, oldDoc: object | null, userCtx: UserCtx): string | null {
  try {
    validate(newDoc, oldDoc, userCtx, security)
    return null
  } catch (error) {
    const { forbidden } = error as { forbidden?: unknown }
    expect(typeof forbidden).toBe('string')
    return String(forbidden)
  }
}

/** Syntax later than ES5, which CouchDB 3's SpiderMonkey 1.8.5 cannot parse. */
function laterThanEs5(source: string): string[] {
  const file = ts.createSourceFile(
    'vdu.js',
    `(${source})`,
    ts.ScriptTarget.ES5,
    true,
    ts.ScriptKind.JS,
  )
  const found: string[] = []
  const parseErrors = (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics
  if (parseErrors.length > 0) found.push('a syntax error')
  const later = new Set([
    ts.SyntaxKind.ArrowFunction,
    ts.SyntaxKind.TemplateExpression,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TaggedTemplateExpression,
    ts.SyntaxKind.ClassDeclaration,
    ts.SyntaxKind.ClassExpression,
    ts.SyntaxKind.SpreadElement,
    ts.SyntaxKind.SpreadAssignment,
    ts.SyntaxKind.ShorthandPropertyAssignment,
    ts.SyntaxKind.ComputedPropertyName,
    ts.SyntaxKind.ObjectBindingPattern,
    ts.SyntaxKind.ArrayBindingPattern,
    ts.SyntaxKind.ForOfStatement,
    ts.SyntaxKind.MethodDeclaration,
    ts.SyntaxKind.AwaitExpression,
    ts.SyntaxKind.YieldExpression,
    ts.SyntaxKind.QuestionDotToken,
    ts.SyntaxKind.QuestionQuestionToken,
    ts.SyntaxKind.AsteriskAsteriskToken,
  ])
  const visit = (node: ts.Node): void => {
    if (later.has(node.kind)) found.push(ts.SyntaxKind[node.kind] ?? 'later syntax')
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.BlockScoped) {
      found.push('let or const')
    }
    if (ts.isParameter(node) && node.initializer) found.push('a default parameter')
    if (ts.isRegularExpressionLiteral(node) && /\/[a-z]*[suyd][a-z]*$/.test(node.text)) {
      found.push('a regular expression flag later than ES5')
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('the team database validation function', () => {
  it('is ES5, which every CouchDB 3 JavaScript engine runs', () => {
    expect(laterThanEs5('function (a) { var b = [a]; return b; }')).toEqual([])
    expect(laterThanEs5('function (a) { const b = (c) => `${c}`; return b; }')).toEqual([
      'let or const',
      'ArrowFunction',
      'TemplateExpression',
    ])
    expect(laterThanEs5(teamValidationSource)).toEqual([])
  })

  it('accepts a signed entry written by its own member', () => {
    expect(refusal(signedEntryForTest('ana'), null, ana)).toBeNull()
    expect(
      refusal(signedEntryForTest('ana', { scope: 'roster', deviceSeq: 42 }), null, ana),
    ).toBeNull()
  })

  it('accepts exactly the id an entry names, for any scope, device and sequence', () => {
    const scope = fc.oneof(fc.constant('roster'), fc.stringMatching(/^case_[A-Za-z0-9-]{1,20}$/))
    const device = fc.stringMatching(/^[0-9a-f]{32}$/)
    const seq = fc.integer({ min: 1, max: 9_999_999_999 })
    fc.assert(
      fc.property(scope, device, seq, seq, (scope, device, deviceSeq, otherSeq) => {
        const entry = { ...signedEntryForTest('ana'), scope, device, deviceSeq }
        expect(
          refusal({ ...entry, _id: teamEntryId(scope, 'ana', device, deviceSeq) }, null, ana),
        ).toBeNull()
        if (otherSeq !== deviceSeq) {
          expect(
            refusal({ ...entry, _id: teamEntryId(scope, 'ana', device, otherSeq) }, null, ana),
          ).toMatch(/is not stored under the id/)
        }
      }),
    )
  })

  it('refuses, from any member, an entry under an id that names another member', () => {
    const member = fc.stringMatching(/^[a-z][a-z0-9._-]{1,63}$/)
    fc.assert(
      fc.property(member, member, (writer, named) => {
        const entry = signedEntryForTest(writer)
        const underNamed = {
          ...entry,
          _id: teamEntryId(entry.scope, named, entry.device, entry.deviceSeq),
        }
        const sender = { name: writer, roles: ['team-member'] }
        if (writer === named) {
          expect(refusal(underNamed, null, sender)).toBeNull()
          return
        }
        // Neither in their own name nor in the other member's.
        expect(refusal(underNamed, null, sender)).toMatch(/is not stored under the id/)
        expect(refusal({ ...underNamed, member: named }, null, sender)).toMatch(
          /a member writes only entries of their own/,
        )
      }),
    )
  })

  it('refuses any change or deletion of a stored entry, from anyone, server admins included', () => {
    const stored = { ...signedEntryForTest('ana'), _rev: '1-abc' }
    for (const who of [ana, serverAdmin, { name: 'dbadmin', roles: [] }]) {
      expect(refusal({ ...stored, summary: 'Edited' }, stored, who)).toMatch(
        /cannot be edited or deleted/,
      )
      expect(refusal({ _id: stored._id, _rev: stored._rev, _deleted: true }, stored, who)).toMatch(
        /cannot be edited or deleted/,
      )
    }
    expect(refusal({ _id: stored._id, _deleted: true }, null, serverAdmin)).toMatch(
      /cannot be deleted/,
    )
  })

  it('refuses an entry sent by anyone but the member it names', () => {
    const bens = signedEntryForTest('ben')
    expect(refusal(bens, null, ana)).toMatch(/names the member "ben" but was sent by "ana"/)
    expect(refusal(bens, null, serverAdmin)).toMatch(/a member writes only entries of their own/)
    expect(refusal(bens, null, { name: null, roles: [] })).toMatch(/was sent by "null"/)
  })

  it('refuses an entry without a signature, a hash, its type or the id its content names', () => {
    const entry = signedEntryForTest('ana', { deviceSeq: 7 })
    const unsigned: Partial<typeof entry> = { ...entry }
    delete unsigned.signature
    expect(refusal(unsigned, null, ana)).toMatch(/has no signature/)
    expect(refusal({ ...entry, signature: entry.signature.slice(2) }, null, ana)).toMatch(
      /has no signature/,
    )
    expect(refusal({ ...entry, signature: entry.signature.toUpperCase() }, null, ana)).toMatch(
      /has no signature/,
    )
    expect(refusal({ ...entry, hash: '' }, null, ana)).toMatch(/has no hash/)
    expect(refusal({ ...entry, type: 'note' }, null, ana)).toMatch(/is not an entry/)
    expect(refusal({ ...entry, _id: `${entry._id}0` }, null, ana)).toMatch(
      /is not stored under the id/,
    )
    expect(refusal({ ...entry, _id: entry._id.replace(/:0+7$/, ':7') }, null, ana)).toMatch(
      /is not stored under the id .*0000000007\)/,
    )
    expect(refusal({ ...entry, scope: 'case_2' }, null, ana)).toMatch(/is not stored under the id/)
    expect(refusal({ ...entry, deviceSeq: 7.5 }, null, ana)).toMatch(/missing or malformed/)
    expect(refusal({ ...entry, device: 'ABC' }, null, ana)).toMatch(/missing or malformed/)
    const colonName = { name: 'ana:x', roles: ['team-member'] }
    expect(refusal({ ...entry, member: 'ana:x' }, null, colonName)).toMatch(/missing or malformed/)
  })

  it('lets only server and database admins write anything but entries', () => {
    const config = teamConfigDocument('team', ['ana'])
    expect(refusal(config, null, ana)).toMatch(/Only team admins may write team:config/)
    expect(refusal({ _id: 'note-1', text: 'hi' }, null, ana)).toMatch(
      /Only team admins may write note-1/,
    )
    expect(refusal({ ...config, _deleted: true }, config, ana)).toMatch(/Only team admins/)
    expect(refusal(config, null, serverAdmin)).toBeNull()
    expect(refusal(config, null, { name: 'dbadmin', roles: [] })).toBeNull()
    expect(refusal(config, null, { name: 'carl', roles: ['team-admin'] })).toBeNull()
  })
})
