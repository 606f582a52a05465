import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { auditEntryHash, verifyAuditChain } from './auditChain'
import { canonicalJson } from './canonicalJson'
import type { AuditEntry } from './caseSchemas'

const hashOf = (value: unknown): string => bytesToHex(sha256(utf8ToBytes(canonicalJson(value))))

/** IEEE 754 bit patterns, as RFC 8785 Appendix B gives its number samples. */
const fromBits = (hex: string): number => {
  const view = new DataView(new ArrayBuffer(8))
  view.setBigUint64(0, BigInt(`0x${hex}`))
  return view.getFloat64(0)
}

describe('canonical JSON of the data the app has always hashed', () => {
  /** Written and hashed by the key-sorting canonicalJson this one replaced. */
  const ordinaryEntry = {
    caseId: 'case_7Yt2',
    seq: 3,
    at: '2026-11-20T09:15:00.000Z',
    action: 'hit-decided',
    summary: 'True match: Lazarus Group — “wallet” 0x04db…\n\t\\ "quoted"',
    before: null,
    after: {
      id: 'hd_1',
      decision: 'true_match',
      rationale: 'Listed by OFAC; the subject’s. Ünïcødé 東京 😀',
      datasets: ['ofac_sdn', 'eu_fsf'],
      score: 0.97,
      hits: 12,
      undecided: undefined,
      nested: { zeta: 1, Alpha: [1.5, -0, 1e21, 4.5, 2e-7, { b: true, a: false, c: null }] },
    },
    prevHash: 'ab'.repeat(32),
  }

  it('writes the same text, and so the same hash, as before', () => {
    expect(canonicalJson(ordinaryEntry)).toBe(
      '{"action":"hit-decided","after":{"datasets":["ofac_sdn","eu_fsf"],"decision":"true_match",' +
        '"hits":12,"id":"hd_1","nested":{"Alpha":[1.5,0,1e+21,4.5,2e-7,{"a":false,"b":true,"c":null}],' +
        '"zeta":1},"rationale":"Listed by OFAC; the subject’s. Ünïcødé 東京 😀","score":0.97},' +
        '"at":"2026-11-20T09:15:00.000Z","before":null,"caseId":"case_7Yt2","prevHash":"' +
        'ab'.repeat(32) +
        '","seq":3,"summary":"True match: Lazarus Group — “wallet” 0x04db…\\n\\t\\\\ \\"quoted\\""}',
    )
    expect(auditEntryHash(ordinaryEntry)).toBe(
      '70a7602576cb12659eabe75793b1f62944368d5147d3e7961cf0425b56f80b5e',
    )
  })

  it('still verifies a trail written before, when entries named no actor', () => {
    const at = '2026-11-20T09:00:00.000Z'
    const closure = { outcome: 'reported', reason: 'Sanctioned wallet confirmed.', closedAt: at }
    const unhashed = [
      {
        action: 'created',
        summary: 'Case created',
        after: { title: 'Fixture case <with markup>' },
      },
      { action: 'closed', summary: 'Case closed: reported', after: closure },
    ]
    const trail = unhashed.reduce<AuditEntry[]>((entries, { action, summary, after }, index) => {
      const entry = {
        caseId: 'case_fixture',
        seq: index + 1,
        at,
        action,
        summary,
        before: null,
        after,
        prevHash: entries[index - 1]?.hash ?? '0'.repeat(64),
      }
      return [...entries, { ...entry, hash: auditEntryHash(entry) }]
    }, [])
    expect(trail.map((entry) => entry.hash)).toEqual([
      '4d874c2357c17480c97ef40de5da0a042a81bef0f16aeac24b0bf5a83d9519be',
      '6213d73b99d23ea4502b91e6e9ee89a2d74acc8ae46f8af9f9c4e139e533afc2',
    ])
    expect(verifyAuditChain(trail)).toMatchObject({ intact: true, entries: 2 })
  })

  it('keeps an own __proto__ member that JSON.parse made, so it changes the hash', () => {
    const parsed: unknown = JSON.parse('{"a":1,"__proto__":{"admin":true}}')
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"admin":true},"a":1}')
    expect(hashOf(parsed)).not.toBe(hashOf({ a: 1 }))
  })

  it('writes a missing value as a word no JSON text can be, equal only to another missing one', () => {
    expect(canonicalJson(undefined)).toBe(canonicalJson(undefined))
    expect(canonicalJson(undefined)).not.toBe(canonicalJson(null))
    expect(() => JSON.parse(canonicalJson(undefined)) as unknown).toThrow()
  })
})

describe('RFC 8785 (JCS)', () => {
  it('writes the numbers of Appendix B as the RFC does', () => {
    const samples: Array<[string, string]> = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ]
    for (const [bits, text] of samples) expect(canonicalJson(fromBits(bits))).toBe(text)
  })

  it('refuses, with a clear error, the numbers JSON cannot hold', () => {
    for (const bits of ['7fffffffffffffff', '7ff0000000000000', 'fff0000000000000']) {
      expect(() => canonicalJson({ amounts: [fromBits(bits)] })).toThrow(
        /cannot be written as canonical JSON \(RFC 8785\): (NaN|Infinity) is not allowed/,
      )
    }
  })

  it('writes the example of section 3.2.2 as the RFC does', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    ) as unknown
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    )
  })

  it('sorts members by their UTF-16 code units, as in section 3.2.3', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    ) as unknown
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control",' +
        '"\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign",' +
        '"\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    )
  })

  it('sorts nested objects inside arrays, and index-like keys as text', () => {
    const input = JSON.parse(
      '{"1": {"f": {"f": "hi", "F": 5}, "\\n": 56.0}, "10": {}, "": "empty", "a": {},' +
        ' "111": [{"e": "yes", "E": "no"}], "A": {}}',
    ) as unknown
    expect(canonicalJson(input)).toBe(
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}}',
    )
  })
})
