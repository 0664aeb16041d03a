/** Where published articles open (the public site's origin; same origin by default). */
const PUBLIC_SITE_URL = process.env.PUBLIC_SITE_URL ?? '';

export const publicArticleUrl = (slug: string) => `${PUBLIC_SITE_URL}/article/${slug}`;

/** A public page of the site (a newsroom page), where the admin links to it. */
export const publicPageUrl = (path: string) => `${PUBLIC_SITE_URL}${path}`;
