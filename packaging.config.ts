import type { Configuration } from 'electron-builder'

/**
 * Electron's fuses, flipped in the packaged binary itself: what an attacker on the computer could
 * otherwise use to run their own code as this app (which the OS keychain trusts on macOS and
 * Windows) is switched off, and only the app's own, integrity-checked ASAR is loaded. Every fuse
 * Electron knows is set on purpose (scripts/packagingConfig.test.ts holds it so).
 */
export const electronFuses = {
  // ELECTRON_RUN_AS_NODE would turn the app into a plain Node with the app's keychain identity.
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
  // Electron's default: one V8 snapshot for every process.
  loadBrowserProcessSpecificV8Snapshot: false,
  // The renderer is served from the app's own scheme (src/main/electron/appProtocol), not file://.
  grantFileProtocolExtraPrivileges: false,
} as const satisfies NonNullable<Configuration['electronFuses']>

/** `npm run package`: installers for this platform, from the electron-vite build in out/. */
export const packagingConfig = {
  appId: 'org.compliancedesk.desktop',
  productName: 'Compliance Desk',
  directories: { output: 'dist' },
  files: ['out/**/*', 'package.json'],
  asar: true,
  // keytar's native module is loaded from disk; it cannot run from inside the archive.
  asarUnpack: ['**/*.node'],
  electronFuses,
  linux: { target: ['AppImage'], category: 'Office' },
  mac: { target: ['dmg'], category: 'public.app-category.business', hardenedRuntime: true },
  win: { target: ['nsis'] },
} as const satisfies Configuration
