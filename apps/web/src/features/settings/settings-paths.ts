import { InfoPath } from '../info/index.ts'

/** Where the settings screens and the screens they lead to live (spec §2 Settings and account). */
export const SettingsPath = {
  settings: '/setting',
  adult: '/setting/adult_setting',
  account: '/user/account',
  editProfile: '/user/edit_profile',
  blockedAccounts: '/user/blocked',
  blockedLocations: InfoPath.blockedLocations,
  lists: '/user/list',
  emailNotifications: '/manage/email/notification',
  creatorTools: '/user/creator_tools',
  creatorAudit: '/creator_audit',
  paidMessage: '/setting/paid_message',
  terms: '/manage/terms',
} as const
