import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/support/chromium'

/**
 * Spec files holding the longest browser-mode tests (20 s to a minute each). Playwright starts
 * files in alphabetical order, one project after another: these come first, so that the last
 * tests to start are short ones and neither worker waits long at the end for the other.
 */
const longBrowserSpecs = [
  'backup',
  'cases',
  'exactlyOnce',
  'fourEyes',
  'restart',
  'reviewQueue',
  'signedEvidence',
  'team',
].map((name) => `${name}.browser.spec.ts`)

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  // Every test has its own host process, sandbox, data folder, keychain entry and browser
  // context (e2e/fixtures), so tests run in parallel; two workers match the 2-core machines.
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    viewport: { width: 1360, height: 860 },
    // Screens are captured after transitions, not halfway through a modal's fade.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed test keeps its trace: each action with the page's DOM before and after it, and the
    // screenshot of the moment it failed (below). Not the trace's film of the screen: encoding a
    // frame each time the page repaints took a third of the run's CPU, in Chromium's browser and
    // GPU processes, on the two cores the tests share.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser-mode: long tests',
      testMatch: longBrowserSpecs,
      use: { launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'browser-mode',
      testMatch: /.*\.browser\.spec\.ts/,
      testIgnore: longBrowserSpecs,
      use: { launchOptions: chromiumLaunchOptions },
    },
    { name: 'electron', testMatch: /.*\.electron\.spec\.ts/ },
  ],
})
