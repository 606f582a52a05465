import type { FormErrors } from '@mantine/form'
import { zod4Resolver } from 'mantine-form-zod-resolver'
import type { $ZodType } from 'zod/v4/core'

/**
 * A form validated by the bridge's own zod schema, each message led by its field's label
 * ("Title is required"), shown inline under the field.
 */
export function zodFormResolver(
  schema: $ZodType,
  labels: Record<string, string>,
): (values: Record<string, unknown>) => FormErrors {
  const resolve = zod4Resolver(schema)
  return (values) =>
    Object.fromEntries(
      Object.entries(resolve(values)).map(([path, message]) => [
        path,
        `${labels[path] ?? 'This field'} ${typeof message === 'string' ? message : 'is not valid'}`,
      ]),
    )
}
