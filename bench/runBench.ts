import { coldStartOfBrowserMode } from './coldStartOfBrowserMode'
import { entityListThroughBridge } from './entityListThroughBridge'
import { printAndSave, type BenchRow } from './benchStats'

const rows: BenchRow[] = []
rows.push(...(await entityListThroughBridge()))
rows.push(await coldStartOfBrowserMode())
printAndSave(rows)
