/** Query keys of the auth feature (STYLE §10). */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: (userId: number) => [...authKeys.all, 'current-user', userId] as const,
  usernameCheck: (userName: string) => [...authKeys.all, 'username-check', userName] as const,
}
