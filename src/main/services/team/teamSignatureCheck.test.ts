import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { verifyEd25519 } from '../../../shared/identity/investigator'
import { acceptedInBackground, nativeFirstSignatureCheck } from './teamSignatureCheck'

const secretKey = new Uint8Array(32).fill(7)
const publicKey = bytesToHex(ed25519.getPublicKey(secretKey))
const otherKey = bytesToHex(ed25519.getPublicKey(new Uint8Array(32).fill(8)))
const message = utf8ToBytes('an entry hash')
const signature = bytesToHex(ed25519.sign(message, secretKey))
const flipped = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`

const cases: Array<[string, string, Uint8Array, string]> = [
  ['its signature', signature, message, publicKey],
  ['a changed signature', flipped, message, publicKey],
  ['another message', signature, utf8ToBytes('another hash'), publicKey],
  ['another key', signature, message, otherKey],
  ['a key that is not hex', signature, message, 'zz'.repeat(32)],
  ['a signature that is not hex', 'zz'.repeat(64), message, publicKey],
  ['an upper-case signature', signature.toUpperCase(), message, publicKey],
]

describe('a signature checked by Node first', () => {
  it.each(cases)('answers as the JavaScript check does for %s', (_, sig, text, key) => {
    expect(nativeFirstSignatureCheck()(sig, text, key)).toBe(verifyEd25519(sig, text, key))
  })

  it('asks the fallback about what Node refuses, and only about that', () => {
    const asked: string[] = []
    const check = nativeFirstSignatureCheck((sig) => (asked.push(sig), true))
    expect(check(signature, message, publicKey)).toBe(true)
    expect(check(flipped, message, publicKey)).toBe(true)
    expect(asked).toEqual([flipped])
  })

  it.each(cases)(
    'in the background, accepts %s only if the check would',
    async (_, sig, text, key) => {
      const accepted = await acceptedInBackground(sig, text, key)
      expect(accepted && verifyEd25519(sig, text, key)).toBe(accepted)
      if (sig === signature && key === publicKey && text === message) expect(accepted).toBe(true)
    },
  )
})
