import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { CryptoSearchResult } from '../../../../shared/bridge/cryptoContract'
import type { EnvironmentId } from '../../../../shared/environments'
import { openAppDatabase, type AppDatabase } from '../database/appDatabase'
import {
  checksLinkedTo,
  linkCheckToEntity,
  saveCheck,
  toStoredCheck,
  unlinkCheckFromEntity,
} from './checkRepository'

let db: AppDatabase

const saved = async (
  requestId: string,
  environment: EnvironmentId,
  startedAt: string,
): Promise<string> => {
  const result: CryptoSearchResult = {
    environment,
    check: {
      id: `chk_${requestId}`,
      status: 'no_match',
      totalEntity: 0,
      categoryCount: {},
      categories: {},
    },
    evidence: {
      environment,
      baseUrl: 'http://127.0.0.1:1/',
      request: { method: 'POST', path: '/x', body: null },
      response: { status: 200, headers: {}, bodyBase64: '', bytes: 0 },
      startedAt,
      durationMs: 1,
      attempts: 1,
    },
  }
  const stored = toStoredCheck(requestId, '0xabc', '0xabc', result)
  await saveCheck(db, stored)
  return stored.localId
}

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('links between checks and entities', () => {
  it('lists an entity’s linked checks newest first, within its environment, once each', async () => {
    db = openAppDatabase(`links-${crypto.randomUUID()}`)
    const older = await saved('a', 'local', '2026-11-01T10:00:00.000Z')
    const newer = await saved('b', 'local', '2026-11-02T10:00:00.000Z')
    const elsewhere = await saved('c', 'production', '2026-11-03T10:00:00.000Z')
    for (const key of [older, newer, newer, elsewhere]) await linkCheckToEntity(db, key, 'ent_one')
    expect((await checksLinkedTo(db, 'local', 'ent_one')).map((check) => check.localId)).toEqual([
      newer,
      older,
    ])
    expect((await db.checks.get(newer))?.linkedEntityIds).toEqual(['ent_one'])
    expect(
      (await checksLinkedTo(db, 'production', 'ent_one')).map((check) => check.localId),
    ).toEqual([elsewhere])
    await unlinkCheckFromEntity(db, newer, 'ent_one')
    expect((await checksLinkedTo(db, 'local', 'ent_one')).map((check) => check.localId)).toEqual([
      older,
    ])
  })
})
