/** Where published articles open (the public site's origin; same origin by default). */
const PUBLIC_SITE_URL = process.env.PUBLIC_SITE_URL ?? '';

export const publicArticleUrl = (slug: string) => `${PUBLIC_SITE_URL}/article/${slug}`;
