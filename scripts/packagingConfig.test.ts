import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'
import { type electronFuses, packagingConfig } from '../packaging.config'

/** electron-builder's name for each fuse @electron/fuses knows (its enum is Electron's fuse wire). */
const builderNames: Record<keyof typeof FuseV1Options, keyof typeof electronFuses> = {
  RunAsNode: 'runAsNode',
  EnableCookieEncryption: 'enableCookieEncryption',
  EnableNodeOptionsEnvironmentVariable: 'enableNodeOptionsEnvironmentVariable',
  EnableNodeCliInspectArguments: 'enableNodeCliInspectArguments',
  EnableEmbeddedAsarIntegrityValidation: 'enableEmbeddedAsarIntegrityValidation',
  OnlyLoadAppFromAsar: 'onlyLoadAppFromAsar',
  LoadBrowserProcessSpecificV8Snapshot: 'loadBrowserProcessSpecificV8Snapshot',
  GrantFileProtocolExtraPrivileges: 'grantFileProtocolExtraPrivileges',
}

describe('the packaged app’s fuses', () => {
  it('switches off every way to run other code as the app, and loads only its checked ASAR', () => {
    expect(packagingConfig.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    })
    expect(packagingConfig.asar).toBe(true)
  })

  it('decides every fuse Electron has, so a new one is never left to its default unseen', () => {
    const known = Object.keys(FuseV1Options).filter((name) => Number.isNaN(Number(name)))
    expect(known.sort()).toEqual(Object.keys(builderNames).sort())
    for (const name of Object.values(builderNames)) {
      expect(typeof packagingConfig.electronFuses[name], name).toBe('boolean')
    }
  })
})
