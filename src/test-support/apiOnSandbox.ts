import type { RunningSandbox, SandboxEnvironmentName } from '../sandbox/sandboxServer'
import type { ResolvedEnvironment } from '../main/services/environments/environmentService'
import { ServiceError } from '../main/services/serviceError'

/** One of the sandbox's environments as the API client is given it, by default with its own key. */
export const sandboxEnvironment = (
  sandbox: RunningSandbox,
  name: SandboxEnvironmentName,
  secretKey?: string,
): ResolvedEnvironment => {
  const info = sandbox.environment(name)
  return {
    id: name === 'production' ? 'production' : 'sandbox',
    label: name === 'production' ? 'Production' : 'Sandbox',
    baseUrl: info.baseUrl,
    secretKey: secretKey ?? info.secretKey,
  }
}

/** The failure a person would be shown; anything else thrown, or a success, fails the test. */
export const failureOf = async (promise: Promise<unknown>): Promise<ServiceError> => {
  const outcome = await promise.then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  )
  if (outcome instanceof ServiceError) return outcome
  throw outcome
}
