import { z } from 'zod'
import { environmentIdSchema, remoteEnvironmentIdSchema } from '../environments'
import { defineMethod } from './defineMethod'

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** The key travels in a header, so plain http is allowed only to this machine. */
export const serviceBaseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.example.com/' })
  .refine((value) => {
    // Zod runs a refinement even when the URL check above failed: a value that is no URL is
    // refused there, not thrown here.
    if (!URL.canParse(value)) return true
    const url = new URL(value)
    return url.protocol === 'https:' || loopbackHosts.has(url.hostname)
  }, 'must use https (plain http is allowed only for 127.0.0.1 or localhost)')

export const secretKeySchema = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(512, 'must be at most 512 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')

export const keyStatusSchema = z.object({
  isSet: z.boolean(),
  /** Only ever the last 4 characters: the key itself never leaves the main side. */
  last4: z.string().length(4).nullable(),
  source: z.enum(['keychain', 'session', 'built-in']).nullable(),
  /**
   * False while a stored key is not tied to the environment's current address (entered before
   * any address, or stored before keys were tied to one): it is sent nowhere until confirmed.
   */
  addressConfirmed: z.boolean(),
})

export const environmentSettingsSchema = z.object({
  id: environmentIdSchema,
  label: z.string(),
  baseUrl: z.string().nullable(),
  baseUrlEditable: z.boolean(),
  key: keyStatusSchema,
})

export const settingsViewSchema = z.object({
  activeEnvironment: environmentIdSchema,
  keyStorage: z.object({
    kind: z.enum(['os-keychain', 'session-only']),
    detail: z.string(),
  }),
  environments: z.array(environmentSettingsSchema),
})
export type KeyStatus = z.infer<typeof keyStatusSchema>
export type SettingsView = z.infer<typeof settingsViewSchema>
export type EnvironmentSettings = z.infer<typeof environmentSettingsSchema>

export const settingsContract = {
  'settings.get': defineMethod(z.strictObject({}), settingsViewSchema),
  'settings.setActiveEnvironment': defineMethod(
    z.strictObject({ environment: environmentIdSchema }),
    settingsViewSchema,
  ),
  'settings.setBaseUrl': defineMethod(
    z.strictObject({ environment: remoteEnvironmentIdSchema, baseUrl: serviceBaseUrlSchema }),
    settingsViewSchema,
  ),
  'keys.set': defineMethod(
    z.strictObject({ environment: environmentIdSchema, secretKey: secretKeySchema }),
    settingsViewSchema,
  ),
  'keys.confirmAddress': defineMethod(
    z.strictObject({ environment: remoteEnvironmentIdSchema }),
    settingsViewSchema,
  ),
  'keys.delete': defineMethod(
    z.strictObject({ environment: environmentIdSchema }),
    settingsViewSchema,
  ),
}
