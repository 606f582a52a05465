import { caseExportOf1000Checks } from './caseExportRows'
import { printAndSave } from './benchStats'
import { verifyRows } from './verifyRows'
const rows = [...caseExportOf1000Checks(), ...(await verifyRows())]
printAndSave(rows, 'bench-results/zz.json')
