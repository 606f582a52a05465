import type { SandboxEntity } from './entityStore'

const firstNames = [
  'Amara',
  'Bjorn',
  'Chen',
  'Dalia',
  'Emeka',
  'Farah',
  'Giulia',
  'Hiroshi',
  'Ines',
  'Jonas',
  'Kavya',
  'Lukas',
  'Mariam',
  'Nikolai',
  'Olga',
  'Pedro',
  'Qian',
  'Rosa',
  'Samir',
  'Tomasz',
  'Ulla',
  'Viktor',
  'Wanjiru',
  'Xavier',
  'Yara',
  'Zoltan',
]
const lastNames = [
  'Abebe',
  'Berg',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhang',
]
const businessWords = [
  'Aurora',
  'Baltic',
  'Cobalt',
  'Delta',
  'Evergreen',
  'Fjord',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Keystone',
  'Lumen',
  'Meridian',
  'Northwind',
  'Orchid',
  'Pinnacle',
]
const businessKinds = ['Trading', 'Logistics', 'Holdings', 'Capital', 'Exchange', 'Payments']
const businessSuffixes = ['Ltd', 'GmbH', 'S.A.', 'LLC', 'B.V.', 'AB']

/** A small deterministic PRNG so every launch seeds the same entities (mulberry32). */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T

const idAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

const seededId = (random: () => number): string => {
  let id = 'ent_'
  for (let i = 0; i < 20; i += 1) id += pick(random, idAlphabet.split(''))
  return id
}

const seedEpochMs = Date.parse('2026-06-30T12:00:00.000Z')
const twoYearsMs = 2 * 365 * 24 * 3600 * 1000

/** Synthetic people and businesses: no real person is described here. */
export function syntheticEntities(count: number, seed = 20261121): SandboxEntity[] {
  const random = seededRandom(seed)
  const entities: SandboxEntity[] = []
  for (let index = 0; index < count; index += 1) {
    const createdAt = new Date(seedEpochMs - Math.floor(random() * twoYearsMs)).toISOString()
    const id = seededId(random)
    if (random() < 0.75) {
      const firstName = pick(random, firstNames)
      const lastName = pick(random, lastNames)
      entities.push({
        id,
        entityType: 'individual',
        isSubjectConsent: true,
        firstName,
        lastName,
        email: `${firstName}.${lastName}${index}@example.com`.toLowerCase(),
        createdAt,
        lastModifiedAt: createdAt,
      })
    } else {
      const name = `${pick(random, businessWords)} ${pick(random, businessKinds)} ${pick(random, businessSuffixes)}`
      entities.push({
        id,
        entityType: 'business',
        isSubjectConsent: true,
        name,
        email: `compliance${index}@example.com`,
        createdAt,
        lastModifiedAt: createdAt,
      })
    }
  }
  return entities
}
