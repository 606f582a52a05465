/** Parts of Settings a link elsewhere can bring into view (`#/settings?section=…`). */
export const settingsSections = ['scheduled-rescreens'] as const
export type SettingsSection = (typeof settingsSections)[number]
