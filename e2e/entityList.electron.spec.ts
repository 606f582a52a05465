import { entityListOfflineFlow } from './flows/entityListOfflineFlow'
import { test } from './fixtures/electronTest'

test('Electron: first launch lists entities from the local sandbox and keeps them readable offline', async ({
  entities,
  settings,
  shell,
  sandbox,
}) => {
  await entityListOfflineFlow({ entities, settings, shell }, () => sandbox.close(), 'electron')
})
