import { spawn } from 'node:child_process'
import { chromium, type Browser } from '@playwright/test'
import { testDataDir, testKeychainService } from '../e2e/support/testDataDir'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { firstLineMatching } from '../e2e/support/processLines'
import { benchRow, timeIt, type BenchRow } from './benchStats'

const runs = 5

/** Starts a Node process and resolves with the first loopback URL it prints. */
const startProcess = (args: string[], env: NodeJS.ProcessEnv) => {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const url = firstLineMatching(child, /http:\/\/127\.0\.0\.1:\d+\//).then(
    (line) => /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(line)![1]!,
  )
  return { child, url }
}

/** The floor any browser-mode start pays: a Node process serving one static page, loaded by the browser. */
const staticPageServer = `
const { createServer } = require('node:http')
const server = createServer((_, response) => { response.writeHead(200, { 'content-type': 'text/html' }); response.end('<!doctype html><p id="ready">ready</p>') })
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/'))
`

/** From the host's launch: the first screen drawn and ready, then the entity list's first row. */
async function coldStartApp(
  browser: Browser,
): Promise<{ firstScreen: number; entityList: number }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const started = performance.now()
  const { child, url } = startProcess(['out/main/browserHost.js'], {
    PORT: '0',
    COMPLIANCE_DESK_DATA_DIR: testDataDir(),
    COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
  })
  try {
    await page.goto(await url)
    await page.locator('html[data-app-state="ready"]').waitFor()
    await page.getByRole('heading', { level: 1 }).waitFor()
    const firstScreen = performance.now() - started
    await page.getByTestId('nav-entities').click()
    await page.getByTestId('entity-row').first().waitFor()
    return { firstScreen, entityList: performance.now() - started }
  } finally {
    child.kill('SIGTERM')
    await context.close()
  }
}

async function coldStartStaticPage(browser: Browser): Promise<number> {
  const context = await browser.newContext()
  const page = await context.newPage()
  let stop = (): void => {}
  const elapsed = await timeIt(async () => {
    const { child, url } = startProcess(['-e', staticPageServer], {})
    stop = () => child.kill('SIGTERM')
    await page.goto(await url)
    await page.locator('#ready').waitFor()
  })
  stop()
  await context.close()
  return elapsed
}

export async function coldStartOfBrowserMode(): Promise<BenchRow[]> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const firstScreen: number[] = []
    const entityList: number[] = []
    const floor: number[] = []
    await coldStartStaticPage(browser)
    for (let run = 0; run < runs; run += 1) {
      const app = await coldStartApp(browser)
      firstScreen.push(app.firstScreen)
      entityList.push(app.entityList)
      floor.push(await coldStartStaticPage(browser))
    }
    const baselineName = 'node serving a static page, loaded by the browser'
    return [
      benchRow(
        {
          name: 'cold start of browser mode until the first screen is drawn',
          baselineName,
          target: 'median < 1000 ms',
        },
        firstScreen,
        floor,
      ),
      benchRow(
        {
          name: 'cold start of browser mode until the entity list renders',
          baselineName,
          target: 'informative: the first screen, then a listing through the bridge',
        },
        entityList,
        floor,
      ),
    ]
  } finally {
    await browser.close()
  }
}
