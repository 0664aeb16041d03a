/**
 * Build-time settings (module-federation.shared.js defines them; empty when unset). Read on each call
 * so component tests can set them on process.env.
 */
export const publicEnv = {
  ga4Id: () => process.env.PUBLIC_GA4_ID ?? '',
  adsenseClient: () => process.env.PUBLIC_ADSENSE_CLIENT ?? '',
  geoLookupUrl: () => process.env.PUBLIC_GEO_LOOKUP_URL ?? '',
};
