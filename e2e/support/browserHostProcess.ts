import { spawn } from 'node:child_process'
import { firstLineMatching } from './processLines'
import { testDataDir, testKeychainService } from './testDataDir'

export interface BrowserHostProcess {
  /** The printed address, with the per-launch secret in its fragment. */
  url: string
  pid: number
  stop(): void
}

/**
 * The built browser host (`out/main/browserHost.js`) as `npm start` runs it, in a process of its
 * own with its own data folder and keychain entry, its Local sandbox pointed at `local`.
 */
export async function startBrowserHostProcess(
  local: { baseUrl: string; secretKey: string },
  extraEnv: Record<string, string> = {},
): Promise<BrowserHostProcess> {
  const host = spawn(process.execPath, ['out/main/browserHost.js'], {
    env: {
      ...process.env,
      PORT: '0',
      COMPLIANCE_DESK_DATA_DIR: testDataDir(),
      COMPLIANCE_DESK_KEYCHAIN_SERVICE: testKeychainService(),
      COMPLIANCE_DESK_LOCAL_SANDBOX_URL: local.baseUrl,
      COMPLIANCE_DESK_LOCAL_SANDBOX_KEY: local.secretKey,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const line = await firstLineMatching(host, /Compliance Desk is running at \S+/)
  return {
    url: /running at (\S+)/.exec(line)![1]!,
    pid: host.pid ?? 0,
    stop: () => host.kill('SIGTERM'),
  }
}
