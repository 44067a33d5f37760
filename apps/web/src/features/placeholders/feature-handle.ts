import { z } from 'zod'

/** The route handle of a screen that is not built yet: the feature's name, and whether it reads plural. */
export const FeatureHandle = z.object({ feature: z.string().min(1), plural: z.boolean() })
export type FeatureHandle = z.infer<typeof FeatureHandle>

export function feature(name: string, plural = false): FeatureHandle {
  return { feature: name, plural }
}

export function featureOf(handle: unknown): { name: string; plural: boolean } {
  const parsed = FeatureHandle.safeParse(handle)
  return parsed.success
    ? { name: parsed.data.feature, plural: parsed.data.plural }
    : { name: 'This page', plural: false }
}
