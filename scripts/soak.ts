import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

/**
 * `npm run soak -- --schedules N`: the record's oracle (src/integration/recordOracle.test.ts) over
 * N random schedules, every one run to the end, printing each disagreement with the service's log
 * and how many there were (0 is the target). `--seed S` replays a run.
 */
const { values } = parseArgs({
  options: { schedules: { type: 'string', default: '1000' }, seed: { type: 'string' } },
})
const schedules = Number(values.schedules)
if (!Number.isInteger(schedules) || schedules < 1) {
  console.error(
    `--schedules takes a whole number of schedules, 1 or more (got "${values.schedules}")`,
  )
  process.exit(2)
}
const run = spawnSync('npx', ['vitest', 'run', 'src/integration/recordOracle.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ORACLE_SCHEDULES: String(schedules),
    ORACLE_SOAK: '1',
    ...(values.seed ? { PROPERTY_SEED: values.seed } : {}),
  },
})
process.exit(run.status ?? 1)
