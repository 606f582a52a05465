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

const rows: BenchRow[] = []
rows.push(...(await entityListThroughBridge()))
rows.push(...(await hostUnderAbuse()))
rows.push(...(await coldStartOfBrowserMode()))
rows.push(await cryptoSearchThroughClient())
rows.push(await sandboxLookupAtScale())
rows.push(...(await bulkAtTheServicePace()))
rows.push(...(await bulkJobInTheRenderer()))
rows.push(...(await bulkSpreadsheetAtScale()))
rows.push(...(await historyAtScale()))
rows.push(...(await historyIndexCost()))
rows.push(...(await caseListAtScale()))
rows.push(await restartToHistory())
rows.push(...(await entityCacheAtScale()))
rows.push(...caseExportOf1000Checks())
rows.push(...(await caseExportInApp()))
rows.push(...(await backupAtScale()))
rows.push(...(await verifyRows()))
rows.push(...(await bulkInputAtScale()))
rows.push(...(await watchRows()))
rows.push(...(await teamRows()))
printAndSave(rows)
