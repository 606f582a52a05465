import { hexToBytes } from '@noble/hashes/utils.js'
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { verifyEd25519 } from '../../../shared/identity/investigator'
import {
  rememberedSignatureAnswers,
  rememberingSignatureCheck,
  signatureCheckKey,
} from '../../../shared/team/teamChains'
import type { SignatureCheck } from '../../../shared/team/teamEntry'

/** The DER start of an Ed25519 SubjectPublicKeyInfo: the key's 32 bytes follow it. */
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex')
const publicKeyHex = /^[0-9a-f]{64}$/
const signatureHex = /^[0-9a-f]{128}$/

const keys = new Map<string, KeyObject | null>()

/** Node's key object for a public key in hex, or null when Node will not read it. */
function keyOf(hex: string): KeyObject | null {
  if (!publicKeyHex.test(hex)) return null
  if (!keys.has(hex)) {
    let key: KeyObject | null = null
    try {
      const der = Buffer.concat([ed25519SpkiPrefix, Buffer.from(hex, 'hex')])
      key = createPublicKey({ key: der, format: 'der', type: 'spki' })
    } catch {
      // A point Node will not read: the fallback judges it.
    }
    keys.set(hex, key)
  }
  return keys.get(hex) ?? null
}

/**
 * Ed25519 through Node's own crypto first (about 20 times faster than the JavaScript one, which
 * took 1.3–2 ms an entry: most of a join of 10,000 entries), and `fallback` for whatever it does
 * not accept. Node checks by RFC 8032's strict rules, which accept a subset of what `verifyEd25519`
 * (ZIP 215) does, so the answer is always `fallback`'s: the same on every desk, only sooner.
 */
export function nativeFirstSignatureCheck(
  fallback: SignatureCheck = verifyEd25519,
): SignatureCheck {
  return (signature, message, publicKey) => {
    const key = keyOf(publicKey)
    if (key && signatureHex.test(signature)) {
      try {
        if (verify(null, message, key, Buffer.from(signature, 'hex'))) return true
      } catch {
        // Judged below.
      }
    }
    return fallback(signature, message, publicKey)
  }
}

/**
 * Whether Node's crypto accepts the signature, worked out on a thread of its own (libuv's pool),
 * not on the one that replicates and reads: false also when it cannot tell.
 */
export function acceptedInBackground(
  signature: string,
  message: Uint8Array,
  publicKey: string,
): Promise<boolean> {
  const key = keyOf(publicKey)
  if (!key || !signatureHex.test(signature)) return Promise.resolve(false)
  return new Promise((resolve) => {
    try {
      verify(null, message, key, Buffer.from(signature, 'hex'), (error, valid) =>
        resolve(!error && valid),
      )
    } catch {
      resolve(false)
    }
  })
}

/**
 * A desk's signature check, and the way to start checking entries as they arrive: on Node's thread
 * pool, so a read of their case finds them accepted (a join checks while it waits for the server,
 * and on another thread).
 */
export function arrivingSignatureCheck(): {
  verify: SignatureCheck
  checkArriving: (documents: readonly unknown[]) => void
} {
  /**
   * Signatures of arrived entries already accepted off this thread, until a read asks for them:
   * the latest only, as entries of cases never read would otherwise pile up (one forgotten is
   * checked again when read).
   */
  const acceptedEarlier = new LRUCache<string, true>({ max: rememberedSignatureAnswers })
  const checkNow = nativeFirstSignatureCheck()
  return {
    verify: rememberingSignatureCheck((signature, message, publicKey) => {
      const key = signatureCheckKey(signature, message, publicKey)
      if (acceptedEarlier.delete(key)) return true
      return checkNow(signature, message, publicKey)
    }),
    checkArriving: (documents) => {
      for (const document of documents) {
        const { signature, hash, publicKey } = (document ?? {}) as Record<string, unknown>
        if (typeof signature !== 'string' || typeof publicKey !== 'string') continue
        if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) continue
        const message = hexToBytes(hash)
        void acceptedInBackground(signature, message, publicKey).then((accepted) => {
          if (accepted) acceptedEarlier.set(signatureCheckKey(signature, message, publicKey), true)
        })
      }
    },
  }
}
