import { useMutation } from '@tanstack/react-query'
import { completeSignup, login, sendEmailCode, uploadPortrait } from '@velvet/contract'
import { api } from '../../../lib/api/index.ts'

/*
 * The calls of the login and sign-up steps. Apart from auth.queries.ts on purpose: the steps are a lazy
 * chunk, and auth.queries.ts is part of the first page's JavaScript.
 */

/** E-mails a sign-in code (step 1, and "send again" on step 2). */
export function useSendEmailCode() {
  return useMutation({ mutationFn: (email: string) => api.call(sendEmailCode, { email }) })
}

/** Signs in with the e-mailed code; the step applies the answered session. */
export function useEmailLogin(email: string | undefined) {
  return useMutation({
    mutationFn: (code: string) => api.call(login, { type: 'email', email: email ?? '', code }),
  })
}

export function useCompleteSignup() {
  return useMutation({
    mutationFn: (input: { birthday: string; user_name: string; nickname: string }) =>
      api.call(completeSignup, input),
  })
}

export function useUploadPortrait() {
  return useMutation({ mutationFn: (picture: File) => api.call(uploadPortrait, picture) })
}
