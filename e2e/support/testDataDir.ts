import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Each test gets its own data folder, so tests never share settings or state. */
export const testDataDir = (): string => mkdtempSync(join(tmpdir(), 'compliance-desk-e2e-'))

export const testKeychainService = (): string => `compliance-desk-e2e-${process.pid}-${Date.now()}`
