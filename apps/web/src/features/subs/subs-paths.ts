/** The creator's membership settings (price, bundles, promo, trial links): a screen Velvet adds under /subs/. */
export const SubsSettingsPath = '/subs/settings'
