import type { BridgeApi } from '../../shared/bridge'

declare global {
  interface Window {
    /** Present only under Electron, where the preload exposes the bridge. */
    complianceDesk?: BridgeApi
  }
}
