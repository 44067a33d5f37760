import { Creator } from '@velvet/contract'

/** The creator agreement every host accepts in host verification. A change of text needs a new version. */
export const creatorAgreement = {
  version: Creator.agreementVersion,
  title: 'Velvet Creator Agreement',
  sections: [
    {
      heading: '1. Who can be a creator',
      body: [
        'You must be at least 18 years old, and old enough to make this agreement where you live, to open a creator account.',
        'You confirm your identity with our verification partner before you can publish paid content, sell memberships or go live. You may hold only one creator account.',
      ],
    },
    {
      heading: '2. Consent and model releases',
      body: [
        'Everyone who appears in your content must be an adult who consented to being recorded and to the content being published on Velvet.',
        'Before you publish content showing anyone other than you, you must hold a signed release and a copy of a valid photo ID for each person, and give them to us within 48 hours when we ask.',
      ],
    },
    {
      heading: '3. Content that is not allowed',
      body: [
        'No content involving minors or anyone who looks like a minor, no content without consent, no violence, coercion, incest, bestiality or illegal drugs, and no content made or shared against the law.',
        'No hidden-camera or leaked material, no impersonation, no deceptive AI likenesses of real people, and no offers of in-person meetings. We remove such content and may close the account and report it to the authorities.',
      ],
    },
    {
      heading: '4. Revenue share',
      body: [
        'You keep 80% of what fans pay you for memberships, unlocks, gifts, paid messages, calls and live tickets; Velvet keeps 20% to run the service and handle payments.',
        'Your share can rise to up to 90% through the programmes described on the creator tools page. Changes to the share are announced at least 14 days ahead and never apply to past earnings.',
      ],
    },
    {
      heading: '5. Payouts',
      body: [
        'Earnings become available for withdrawal once the payment has cleared. You can withdraw to the payout methods offered in your wallet, above the minimum shown there and less the fee of the method you choose.',
        'We may hold earnings linked to a chargeback, a fraud investigation or a breach of this agreement until it is resolved.',
      ],
    },
    {
      heading: '6. Taxes',
      body: [
        'You are responsible for declaring your earnings and paying the taxes that apply to you. We may ask for tax information and report payouts to tax authorities where the law requires it.',
      ],
    },
    {
      heading: '7. Ending the agreement',
      body: [
        'You can stop being a creator at any time by deleting your account; cleared earnings remain yours to withdraw first.',
        'We may suspend or end your creator account if you break this agreement or the Terms of Service, with notice and a way to appeal except where the law or the safety of others requires immediate action.',
      ],
    },
    {
      heading: '8. Your verification data',
      body: [
        'Your legal name, date of birth and document details are kept apart from your public profile, are never shown to fans or other creators, and are used only to meet our legal duties and to keep the platform safe.',
        'Our verification partner processes your document and selfie for us and keeps them only as long as the law requires. See the Privacy Policy for your rights.',
      ],
    },
  ],
} as const
