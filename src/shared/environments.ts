import { z } from 'zod'

/** The places the app can send requests to. `local` is the sandbox embedded in the app itself. */
export const environmentIds = ['local', 'sandbox', 'production'] as const
export const environmentIdSchema = z.enum(environmentIds)
export type EnvironmentId = z.infer<typeof environmentIdSchema>

/** Environments whose base URL the user configures; the local sandbox's address is chosen by the app. */
export const remoteEnvironmentIds = ['sandbox', 'production'] as const
export const remoteEnvironmentIdSchema = z.enum(remoteEnvironmentIds)
export type RemoteEnvironmentId = z.infer<typeof remoteEnvironmentIdSchema>

export const environmentLabels: Record<EnvironmentId, string> = {
  local: 'Local sandbox',
  sandbox: 'Sandbox',
  production: 'Production',
}

/** Production checks are billed; the UI must say so wherever money can be spent. */
export const isBilledEnvironment = (environment: EnvironmentId): boolean =>
  environment === 'production'
