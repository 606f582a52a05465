import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Native keytar and the real keychain behave best without worker threads.
    pool: 'forks',
    // Vitest's default leaves a core free (one worker on the 2-core CI machines); the tests wait
    // on loopback servers as much as they compute, and one fork per core ran them in 128 s, not 190.
    maxWorkers: availableParallelism(),
  },
})
