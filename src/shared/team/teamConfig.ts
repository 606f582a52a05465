import { z } from 'zod'
import { memberNameSchema } from './teamEntry'

/**
 * A team's database name, as CouchDB allows them, kept to characters that need no escaping in a
 * URL path.
 */
export const teamDatabaseNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_-]{0,127}$/,
    'must be 1–128 characters: lower-case letters, digits, "_" or "-", starting with a letter',
  )

export const teamConfigId = 'team:config'

/**
 * The team's own description in its database, written only by server or database admins: which
 * database it is and which members are its team admins (who may sign roster changes).
 */
export const teamConfigSchema = z.object({
  _id: z.literal(teamConfigId),
  _rev: z.string().optional(),
  type: z.literal('team-config'),
  team: teamDatabaseNameSchema,
  admins: z.array(memberNameSchema),
})
export type TeamConfig = z.infer<typeof teamConfigSchema>

export const teamConfigDocument = (team: string, admins: readonly string[]): TeamConfig => ({
  _id: teamConfigId,
  type: 'team-config',
  team,
  admins: [...admins],
})
