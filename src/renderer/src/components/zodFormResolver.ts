import type { FormErrors } from '@mantine/form'
import { zod4Resolver } from 'mantine-form-zod-resolver'
import type { $ZodType } from 'zod/v4/core'

/**
 * A form validated by the bridge's own zod schema, each message led by its field's label
 * ("Title is required"), or replaced by a sentence of its own, shown inline under the field.
 */
export function zodFormResolver<Values extends object>(
  schema: $ZodType,
  labels: Record<string, string>,
  sentences: Record<string, string> = {},
): (values: Values) => FormErrors {
  const resolve = zod4Resolver(schema)
  return (values) =>
    Object.fromEntries(
      Object.entries(resolve({ ...values } as Record<string, unknown>)).map(([path, message]) => [
        path,
        sentences[path] ??
          `${labels[path] ?? 'This field'} ${typeof message === 'string' ? message : 'is not valid'}`,
      ]),
    )
}
