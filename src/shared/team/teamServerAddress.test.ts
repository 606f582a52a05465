import { describe, expect, it } from 'vitest'
import { teamServerUrlSchema } from './teamServerAddress'

const problemOf = (text: string) => teamServerUrlSchema.safeParse(text).error?.issues[0]?.message

describe("the team server's address", () => {
  it('takes HTTPS anywhere and plain HTTP only on loopback, without a trailing slash', () => {
    expect(teamServerUrlSchema.parse(' https://couch.example.org/ ')).toBe(
      'https://couch.example.org',
    )
    expect(teamServerUrlSchema.parse('https://example.org/couch//')).toBe(
      'https://example.org/couch',
    )
    expect(teamServerUrlSchema.parse('http://127.0.0.1:5984')).toBe('http://127.0.0.1:5984')
    expect(teamServerUrlSchema.parse('http://localhost:5984/')).toBe('http://localhost:5984')
  })

  it('refuses each wrong address with a sentence saying why', () => {
    expect(problemOf('http://couch.example.org')).toMatch(/must start with https:\/\//)
    expect(problemOf('couch.example.org')).toMatch(/must be a web address/)
    expect(problemOf('https://ana:secret@couch.example.org')).toMatch(/must not hold a name/)
    expect(problemOf('https://couch.example.org/?db=team')).toMatch(/must not have a query/)
    expect(problemOf('ftp://127.0.0.1')).toMatch(/must start with https:\/\//)
  })
})
