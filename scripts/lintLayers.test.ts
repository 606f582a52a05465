import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layering rules of eslint.config.js, applied to imports a newcomer might write: each must be
 * refused where the design forbids it and accepted where it allows it.
 */
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
})

const problemsOf = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.message)
}

const renderer = 'src/renderer/src'

describe('the renderer layers', () => {
  it.each([
    [
      'a feature reading the database',
      `${renderer}/features/history/X.ts`,
      "import { appDatabase } from '../../data/database/appDatabase'",
    ],
    [
      'a feature reading Dexie',
      `${renderer}/features/cases/X.ts`,
      "import { useLiveQuery } from 'dexie-react-hooks'",
    ],
    ['a component importing Dexie', `${renderer}/components/X.ts`, "import { Dexie } from 'dexie'"],
    [
      'the data layer importing a feature',
      `${renderer}/data/cases/X.ts`,
      "import { CaseList } from '../../features/cases/CaseList'",
    ],
    [
      'the data layer importing a component',
      `${renderer}/data/cases/X.ts`,
      "import { CopyValue } from '../../components/CopyValue'",
    ],
    [
      'a component importing a feature',
      `${renderer}/components/X.ts`,
      "import { CaseList } from '../features/cases/CaseList'",
    ],
    [
      'a feature importing the app',
      `${renderer}/features/search/X.ts`,
      "import { App } from '../../app/App'",
    ],
    [
      'the bridge client importing the data layer',
      `${renderer}/bridge/X.ts`,
      "import { queryClient } from '../data/queryClient'",
    ],
    [
      'a feature importing one it may not (a cycle)',
      `${renderer}/features/cases/X.ts`,
      "import { CheckResultView } from '../checks/CheckResultView'",
    ],
  ])('refuses %s', async (_what, filePath, code) => {
    expect(await problemsOf(filePath, code)).toHaveLength(1)
  })

  it.each([
    [
      'a feature’s test opening a database of its own',
      `${renderer}/features/outbox/X.test.ts`,
      "import { openAppDatabase } from '../../data/database/appDatabase'",
    ],
    [
      'a feature using a data hook',
      `${renderer}/features/history/X.ts`,
      "import { useCheck } from '../../data/checks/checkQueries'",
    ],
    [
      'a feature importing one it may',
      `${renderer}/features/checks/X.ts`,
      "import { AddToCase } from '../cases/AddToCase'",
    ],
    [
      'the data layer reading the database',
      `${renderer}/data/cases/X.ts`,
      "import { appDatabase } from '../database/appDatabase'",
    ],
    [
      'the data layer calling the bridge',
      `${renderer}/data/cases/X.ts`,
      "import { callBridge } from '../../bridge/bridgeClient'",
    ],
  ])('accepts %s', async (_what, filePath, code) => {
    expect(await problemsOf(filePath, code)).toEqual([])
  })
})

describe('the e2e specs', () => {
  const syntax = new ESLint({
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  })
  const problems = async (filePath: string, code: string) =>
    ((await syntax.lintText(code, { filePath }))[0]?.messages ?? []).map(({ message }) => message)

  it('refuse locators in a spec and sleeps anywhere, and accept page-model calls', async () => {
    expect(
      await problems('e2e/x.spec.ts', "await page.getByTestId('nav-cases').click()"),
    ).toHaveLength(1)
    expect(await problems('e2e/pages/x.ts', 'await page.waitForTimeout(500)')).toHaveLength(1)
    expect(await problems('e2e/pages/x.ts', "page.getByTestId('nav-cases')")).toEqual([])
    expect(await problems('e2e/x.spec.ts', 'await cases.open()')).toEqual([])
  })
})
