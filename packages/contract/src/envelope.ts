import { z } from 'zod'

export const ErrorBody = z.object({
  result: z.literal('error'),
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    /** For validation failures: the field path and the rule it broke. */
    fields: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>

export function okBody<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal('ok'), data })
}
