import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.js';

/** The third parties the pages use: AdSense (public-site/src/features/ads), GA4 (features/analytics), the fallback cover image. */
const ADS = {
  script: ['https://pagead2.googlesyndication.com'],
  frame: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com', 'https://www.google.com'],
};
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  data: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
const FALLBACK_IMAGE_ORIGIN = 'https://images.unsplash.com';
/** Bull Board's page loads its typeface from Google Fonts. */
const DASHBOARD_FONTS = { style: ['https://fonts.googleapis.com'], font: ['https://fonts.gstatic.com'] };

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every response. Scripts only from the site and the named third
 * parties: no inline script, no eval (initial data embedded as <script type="application/json"> is
 * data, never run, so it needs no exception). Styles allow 'unsafe-inline' because Mantine injects a
 * <style> element of CSS variables at run time and sets style attributes; CSS cannot run script in
 * the browsers we support. Nothing may frame the site, embed plugins or move the base URL.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'server' | 'images'>, forDashboard = false): string {
  const extra = config.server.cspExtraOrigins;
  const media = config.images.s3 ? [new URL(config.images.s3.publicUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...ADS.script, ...ANALYTICS.script, ...extra],
    'style-src': ["'self'", "'unsafe-inline'", ...extra, ...(forDashboard ? DASHBOARD_FONTS.style : [])],
    'img-src': ["'self'", 'data:', 'blob:', FALLBACK_IMAGE_ORIGIN, ...media, ...ADS.script, ...ANALYTICS.data, ...extra],
    'font-src': ["'self'", 'data:', ...extra, ...(forDashboard ? DASHBOARD_FONTS.font : [])],
    'connect-src': ["'self'", ...ADS.script, ...ANALYTICS.data, ...extra],
    'frame-src': ADS.frame,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * Adds the security headers to every response the API sends (JSON, the pages, the media, the queue
 * dashboard): the CSP, no MIME sniffing, no full URLs in cross-origin referrers, no framing, and HSTS
 * in production (where TLS is terminated in front of the API).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig, dashboardPath: string): void {
  const headersOf = securityHeaders(config, dashboardPath);
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.headers(headersOf(request.routeOptions.url));
  });
}

/**
 * The security headers of an answer to the matched route `routeUrl` (the route, not the URL: any
 * spelling of a dashboard path gets the dashboard's policy, and nothing else does). Shared by the
 * hook above and the prepared-response hook, which writes its answers before this one runs.
 */
export function securityHeaders(config: AppConfig, dashboardPath: string): (routeUrl: string | undefined) => Record<string, string> {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(config.site.env === 'production' ? { 'strict-transport-security': HSTS } : {}),
  };
  const site = Object.freeze({ 'content-security-policy': contentSecurityPolicy(config), ...common });
  const dashboard = Object.freeze({ 'content-security-policy': contentSecurityPolicy(config, true), ...common });
  return (routeUrl) => {
    const path = routeUrl ?? '';
    return path === dashboardPath || path.startsWith(`${dashboardPath}/`) ? dashboard : site;
  };
}
