import { coldStartOfBrowserMode } from './coldStartOfBrowserMode'
import { cryptoSearchThroughClient, sandboxLookupAtScale } from './cryptoSearchRows'
import { entityListThroughBridge } from './entityListThroughBridge'
import { printAndSave, type BenchRow } from './benchStats'

const rows: BenchRow[] = []
rows.push(...(await entityListThroughBridge()))
rows.push(await coldStartOfBrowserMode())
rows.push(await cryptoSearchThroughClient())
rows.push(await sandboxLookupAtScale())
printAndSave(rows)
