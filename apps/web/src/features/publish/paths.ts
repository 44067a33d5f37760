/** Where the publishing screens live (spec §2 Content). */
export const PublishPath = {
  compose: '/publish',
  drafts: '/publish/drafts',
  schedule: '/publish/schedule',
  success: '/publish/success',
} as const

/** /publish/success for a post just published or scheduled. */
export function successPath(postId: number): string {
  return `${PublishPath.success}?post_id=${postId}`
}
