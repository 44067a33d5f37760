/** The sign-up / sign-in steps are hash steps on /login (spec §2): #step_1 ... #step_7. */
export const Step = {
  Welcome: 1,
  Email: 2,
  Code: 3,
  Birthday: 4,
  Username: 5,
  Nickname: 6,
  Picture: 7,
} as const
export type StepNumber = (typeof Step)[keyof typeof Step]

export function stepFromHash(hash: string): StepNumber {
  const match = /^#step_([1-7])$/.exec(hash)
  return match ? (Number(match[1]) as StepNumber) : Step.Welcome
}

export function stepHash(step: StepNumber): string {
  return `#step_${step}`
}

/** The profile steps an account that still needs a profile may be on. */
export function isProfileStep(step: StepNumber): boolean {
  return step === Step.Birthday || step === Step.Username || step === Step.Nickname
}

/** /login at a step, keeping the query (the `redirect` param). */
export function loginStepPath(step: StepNumber, search = ''): string {
  return `/login${search}${stepHash(step)}`
}
