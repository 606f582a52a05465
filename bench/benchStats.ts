import { mkdirSync, writeFileSync } from 'node:fs'

export interface BenchRow {
  name: string
  unit: 'ms' | 'MB' | 'req/s' | '%'
  median: number
  baselineName: string
  baselineMedian: number
  /** median / baselineMedian; the targets are stated on this. */
  ratio: number
  target: string
  samples: number
}

/** A row from the samples of the measured work and of its baseline, taken in the same run. */
export function benchRow(
  what: { name: string; baselineName: string; target: string },
  measured: number[],
  baseline: number[],
): BenchRow {
  return {
    ...what,
    unit: 'ms',
    median: median(measured),
    baselineMedian: median(baseline),
    ratio: median(measured) / median(baseline),
    samples: measured.length,
  }
}

/** A row of one reading against one figure (a rate against a limit, a peak against before). */
export const oneReading = (
  what: Pick<BenchRow, 'name' | 'unit' | 'baselineName' | 'target'>,
  value: number,
  baseline: number,
): BenchRow => ({
  ...what,
  median: value,
  baselineMedian: baseline,
  ratio: value / baseline,
  samples: 1,
})

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 0
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[middle] ?? 0)
}

export const timeIt = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/** Runs the measured and baseline work alternately so drift on a busy machine hits both alike. */
export async function compare(
  measured: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  options: { warmup: number; samples: number },
): Promise<{ measured: number[]; baseline: number[] }> {
  for (let index = 0; index < options.warmup; index += 1) {
    await measured()
    await baseline()
  }
  const result = { measured: [] as number[], baseline: [] as number[] }
  for (let index = 0; index < options.samples; index += 1) {
    result.measured.push(await timeIt(measured))
    result.baseline.push(await timeIt(baseline))
  }
  return result
}

const fixed = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(2))

export function printAndSave(rows: BenchRow[], file = 'bench-results/bench.json'): void {
  const header = ['what', 'median', 'baseline', 'baseline median', 'ratio', 'target']
  const lines = rows.map((row) => [
    row.name,
    `${fixed(row.median)} ${row.unit}`,
    row.baselineName,
    `${fixed(row.baselineMedian)} ${row.unit}`,
    `${row.ratio.toFixed(2)}×`,
    row.target,
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  )
  const format = (cells: string[]): string =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')
  console.log(format(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
  for (const line of lines) console.log(format(line))
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
  )
  console.log(`\nwritten to ${file}`)
}
