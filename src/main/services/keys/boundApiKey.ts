import { z } from 'zod'
import type { EnvironmentId } from '../../../shared/environments'
import type { SecretKeyStore } from './secretKeyStore'

/**
 * An API key with the one origin it may be sent to. `origin` is null until the user has said
 * which address the key belongs to: a key entered before any address, or stored before keys were
 * bound, is sent nowhere until then.
 */
export interface BoundApiKey {
  secretKey: string
  origin: string | null
}

const storedSchema = z.object({
  version: z.literal(1),
  secretKey: z.string(),
  origin: z.string().nullable(),
})

const parseStored = (text: string): BoundApiKey => {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text) as unknown)
    if (parsed.success) return { secretKey: parsed.data.secretKey, origin: parsed.data.origin }
  } catch {
    // Not JSON: a key stored as plain text before keys were bound to their origin.
  }
  return { secretKey: text, origin: null }
}

export async function readBoundApiKey(
  keys: SecretKeyStore,
  environment: EnvironmentId,
): Promise<BoundApiKey | null> {
  const stored = await keys.get(environment)
  return stored === null ? null : parseStored(stored)
}

/** Key and origin in one keychain entry, so neither is ever stored without the other. */
export async function writeBoundApiKey(
  keys: SecretKeyStore,
  environment: EnvironmentId,
  { secretKey, origin }: BoundApiKey,
): Promise<void> {
  await keys.set(environment, JSON.stringify({ version: 1, secretKey, origin }))
}
