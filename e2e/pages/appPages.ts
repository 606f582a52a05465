import type { Page } from '@playwright/test'
import { AppShell } from './appShell'
import { BulkPage } from './bulkPage'
import { CasesPage } from './casesPage'
import { ChangesPage } from './changesPage'
import { EntityListPage } from './entityListPage'
import { HistoryPage } from './historyPage'
import { KeyboardUser } from './keyboardUser'
import { OutboxPanel } from './outboxPanel'
import { RescreenPanel } from './rescreenPanel'
import { SearchPage } from './searchPage'
import { SettingsPage } from './settingsPage'
import { TeamCard } from './teamCard'
import { TeamSharedCase } from './teamSharedCase'
import { TeamStatus } from './teamStatus'
import { VerifyPage } from './verifyPage'

/** Every page model of the app, over one page (a browser tab or an Electron window). */
export interface AppPages {
  shell: AppShell
  search: SearchPage
  history: HistoryPage
  entities: EntityListPage
  cases: CasesPage
  settings: SettingsPage
  verify: VerifyPage
  outbox: OutboxPanel
  keyboard: KeyboardUser
  rescreen: RescreenPanel
  changes: ChangesPage
  bulk: BulkPage
  team: TeamCard
  teamStatus: TeamStatus
  sharedCase: TeamSharedCase
}

export const appPagesOn = (page: Page): AppPages => ({
  shell: new AppShell(page),
  search: new SearchPage(page),
  history: new HistoryPage(page),
  entities: new EntityListPage(page),
  cases: new CasesPage(page),
  settings: new SettingsPage(page),
  verify: new VerifyPage(page),
  outbox: new OutboxPanel(page),
  keyboard: new KeyboardUser(page),
  rescreen: new RescreenPanel(page),
  changes: new ChangesPage(page),
  bulk: new BulkPage(page),
  team: new TeamCard(page),
  teamStatus: new TeamStatus(page),
  sharedCase: new TeamSharedCase(page),
})
