/**
 * The newsroom's published promises, each a public page with a stable URL: the site's
 * NewsMediaOrganization structured data names them, and the owner edits their text in the admin.
 * The feedback and verification policies are sections of the publishing principles.
 */
export const NEWSROOM_PAGES = {
  publishingPrinciples: '/about/publishing-principles',
  correctionsPolicy: '/about/corrections-policy',
  ethicsPolicy: '/about/ethics-and-ai',
  masthead: '/about/masthead',
  ownershipFunding: '/about/ownership-and-funding',
  actionableFeedbackPolicy: '/about/publishing-principles#feedback',
  verificationFactCheckingPolicy: '/about/publishing-principles#verification',
} as const;
export type NewsroomPage = keyof typeof NEWSROOM_PAGES;
