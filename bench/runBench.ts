// First: the watch rows measure the data layer in Node, and Dexie looks for IndexedDB once, when it
// is first loaded (by any row's import).
import 'fake-indexeddb/auto'
import { backupAtScale } from './backupRows'
import { bulkInputAtScale } from './bulkInputRows'
import { bulkAtTheServicePace } from './bulkPaceRows'
import { bulkJobInTheRenderer } from './bulkRendererRows'
import { bulkSpreadsheetAtScale } from './bulkSpreadsheetRows'
import { caseExportInApp } from './caseExportInAppRows'
import { caseListAtScale } from './caseListRows'
import { caseExportOf1000Checks } from './caseExportRows'
import { coldStartOfBrowserMode } from './coldStartOfBrowserMode'
import { cryptoSearchThroughClient, sandboxLookupAtScale } from './cryptoSearchRows'
import { entityCacheAtScale } from './entityCacheRows'
import { entityListThroughBridge } from './entityListThroughBridge'
import { historyIndexCost } from './historyIndexCostRows'
import { historyAtScale } from './historyRows'
import { printAndSave, type BenchRow } from './benchStats'
import { hostUnderAbuse } from './hostUnderAbuseRows'
import { restartToHistory } from './restartRows'
import { teamRows } from './teamRows'
import { verifyRows } from './verifyRows'
import { watchRows } from './watchRows'

/** Each group of rows by the name that runs it alone: `npm run bench -- team` runs the team rows. */
const one = (row: () => BenchRow | Promise<BenchRow>) => async () => [await row()]
const groups: Record<string, () => BenchRow[] | Promise<BenchRow[]>> = {
  entityList: entityListThroughBridge,
  host: hostUnderAbuse,
  coldStart: coldStartOfBrowserMode,
  cryptoSearch: one(cryptoSearchThroughClient),
  sandboxLookup: one(sandboxLookupAtScale),
  bulkPace: bulkAtTheServicePace,
  bulkRenderer: bulkJobInTheRenderer,
  bulkSpreadsheet: bulkSpreadsheetAtScale,
  history: historyAtScale,
  historyIndex: historyIndexCost,
  caseList: caseListAtScale,
  restart: one(restartToHistory),
  entityCache: entityCacheAtScale,
  caseExport: caseExportOf1000Checks,
  caseExportInApp,
  backup: backupAtScale,
  verify: verifyRows,
  bulkInput: bulkInputAtScale,
  watch: watchRows,
  team: () => teamRows(),
}
const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !(name in groups))
if (unknown.length > 0) {
  throw new Error(`No bench rows named ${unknown.join(', ')}: ${Object.keys(groups).join(', ')}`)
}
const rows: BenchRow[] = []
for (const [name, run] of Object.entries(groups)) {
  if (chosen.length === 0 || chosen.includes(name)) rows.push(...(await run()))
}
// Some rows alone do not replace the figures of a whole run.
printAndSave(rows, chosen.length === 0 ? undefined : `bench-results/bench-${chosen.join('-')}.json`)
