import { z } from 'zod'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'

/**
 * What the sign-in / sign-up steps remember between steps (and across a reload on the same tab):
 * the e-mail a code went to, when a new code may be asked for, and the profile answers so far.
 * Kept in sessionStorage, cleared once sign-up is done or on logout.
 */
const KEY = 'velvet.signup_flow'

const FieldProblem = z.object({ field: z.string(), message: z.string() })

const Flow = z.object({
  email: z.string().optional(),
  /** Epoch ms after which "Resend code" is allowed. */
  resendAt: z.number().optional(),
  birthday: z.string().optional(),
  user_name: z.string().optional(),
  nickname: z.string().optional(),
  /** Sign-up is complete and the picture step (#step_7) is still to be shown. */
  picturePending: z.boolean().optional(),
  /** A server error for a field of an earlier step, shown when that step opens. */
  problem: FieldProblem.optional(),
})
export type SignupFlow = z.infer<typeof Flow>

export const signupFlow = {
  get(): SignupFlow {
    return readJson(KEY, Flow, 'session') ?? {}
  },
  update(patch: Partial<SignupFlow>): SignupFlow {
    const next = { ...signupFlow.get(), ...patch }
    writeJson(KEY, next, 'session')
    return next
  },
  /** Takes (and forgets) the pending problem for a field. */
  takeProblem(field: string): string | undefined {
    const { problem, ...rest } = signupFlow.get()
    if (!problem || problem.field !== field) return undefined
    writeJson(KEY, rest, 'session')
    return problem.message
  },
  clear(): void {
    removeItem(KEY, 'session')
  },
}
