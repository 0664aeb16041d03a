/** The banner's words: visitors in the 27 EU countries get the GDPR wording (docs/product.md#limits). */
export const CONSENT_COPY = {
  title: 'Cookies on The AI Mind',
  general: 'We use cookies to keep the site working, to count visits and to show ads. You can accept them, reject the optional ones or choose which to allow.',
  gdpr: 'We ask for your explicit consent before using any cookies that are not strictly necessary. With your consent we use analytics cookies to count visits and marketing cookies to show ads; preference cookies remember your settings. You can reject all optional cookies, and change your choice at any time from the Cookie settings button on the Privacy page.',
  gdprButtons: { accept: 'Accept All', reject: 'Reject All' },
  generalButtons: { accept: 'Accept', reject: 'Reject' },
  customize: 'Customize',
  save: 'Save Preferences',
  categories: {
    necessary: { label: 'Necessary', description: 'Keep the site working (your cookie choice, security). Always on.' },
    analytics: { label: 'Analytics', description: 'Count page views and where visitors come from.' },
    marketing: { label: 'Marketing', description: 'Show and measure ads.' },
    preferences: { label: 'Preferences', description: 'Remember settings you choose.' },
  },
} as const;
