import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  editJson,
  forgeBundle,
  strangerKey,
  reportSaysCleanProblem,
  tamperBundle,
  withReportSayingClean,
} from '../../../test-support/bundleTampering'
import {
  bundlePaths,
  currentReportLayout,
  type BundleManifest,
} from '../../../shared/evidence/bundleFormat'
import { verifyBundle } from '../../../shared/evidence/verifyBundle'

/** Real bundles exported by earlier releases (see earlierReleases/README.md). */
const earlier = {
  '6441e59': { layout: 1, title: '<title>Case report: ' },
  '8814f0d': { layout: 1, title: '<title>Case report: ' },
  '1578b4f': { layout: 2, title: ' case report: ' },
} as const

const bundleOf = (commit: keyof typeof earlier): Uint8Array =>
  readFileSync(new URL(`./earlierReleases/${commit}.zip`, import.meta.url))

const problemsOf = (zip: Uint8Array) =>
  verifyBundle(zip).problems.map((problem) => `${problem.kind} ${problem.path}: ${problem.detail}`)

const manifestOf = (zip: Uint8Array): BundleManifest =>
  JSON.parse(strFromU8(unzipSync(zip)[bundlePaths.manifest]!)) as BundleManifest

describe.each(Object.entries(earlier))('a bundle exported at %s', (commit, { layout, title }) => {
  const bundle = bundleOf(commit as keyof typeof earlier)

  it('names no layout and still verifies, its report and hits.csv read in their own layout', () => {
    expect(manifestOf(bundle).reportLayout).toBeUndefined()
    expect(strFromU8(unzipSync(bundle)[bundlePaths.report]!)).toContain(title)
    const verification = verifyBundle(bundle)
    expect(verification.signature.status).toBe('valid')
    expect(verification.problems).toEqual([])
    expect(verification.ok).toBe(true)
  })

  it('fails when its report says a check is clean, however consistent the rest', () => {
    const mallory = strangerKey('Ana Fixture')
    expect(problemsOf(forgeBundle(bundle, () => undefined, mallory))).toEqual([])
    expect(problemsOf(withReportSayingClean(bundle, mallory))).toEqual([
      expect.stringMatching(reportSaysCleanProblem),
    ])
  })

  it(`fails when its manifest is made to name another layout than ${layout}`, () => {
    const other = layout === 1 ? 2 : 1
    const renamed = tamperBundle(
      bundle,
      (files) =>
        editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
          manifest.reportLayout = other
        }),
      strangerKey('Ana Fixture'),
    )
    expect(problemsOf(renamed)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^meaning report\.html: does not say what the bundle's files say/),
      ]),
    )
  })
})

describe('a bundle naming a layout this version does not know', () => {
  it('fails by name rather than being checked in a layout it was not written in', () => {
    const later = tamperBundle(
      bundleOf('1578b4f'),
      (files) =>
        editJson<BundleManifest>(files, bundlePaths.manifest, (manifest) => {
          manifest.reportLayout = currentReportLayout + 1
        }),
      strangerKey('Ana Fixture'),
    )
    expect(problemsOf(later)).toContain(
      `meaning manifest.json: names report layout ${currentReportLayout + 1}, which this version of Compliance Desk does not know (a later one made the bundle), so hits.csv and report.html cannot be checked`,
    )
  })
})
