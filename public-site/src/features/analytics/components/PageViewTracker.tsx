import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { readPageData } from '../../../app/page-data';
import { publicEnv } from '../../../app/public-env';
import { useConsent } from '../../consent/hooks/consent-context';
import { whenPageTitled } from '../../seo/page-title-signal';
import { fetchPageViewToken, sendPageView } from '../api/analytics-api';
import { applyGa4Consent, sendGa4PageView, updateGa4Consent } from '../ga4';
import { trafficSource } from '../traffic-source';

/** How long a page view waits for its page's title (its data loading) before it is sent with what there is. */
export const PAGE_TITLE_WAIT_MS = 3000;

/** The tokens of the pages this visit has viewed: the server's page carries the first, the API answers the others'. */
function pageViewTokens(): (path: string) => Promise<string> {
  const tokens = new Map<string, Promise<string>>();
  const landing = readPageData()?.viewToken;
  if (landing) tokens.set(window.location.pathname, Promise.resolve(landing));
  return (path) => {
    let token = tokens.get(path);
    if (!token) {
      token = fetchPageViewToken(path);
      tokens.set(path, token);
      token.catch(() => tokens.delete(path));
    }
    return token;
  };
}

/**
 * Sends a page view on every path change, only while analytics is allowed (accepted, or custom with
 * analytics on): to the first-party endpoint, with the token of the page the server served for the
 * path, and to GA4 when a measurement id is configured. The source is the landing's (utm_source or
 * referrer), kept for the whole visit. The title is the new page's own, once it has set it.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { details } = useConsent();
  // Read in the browser only (a server render sends no page view); the first client render reads them.
  const [source] = useState(() => (typeof window === 'undefined' ? '' : trafficSource(window.location.search, document.referrer, window.location.hostname)));
  const [tokenOf] = useState(() => (typeof window === 'undefined' ? null : pageViewTokens()));
  const allowed = details.analytics;
  const ga4Id = publicEnv.ga4Id();

  useEffect(() => {
    if (!ga4Id) return;
    if (allowed) applyGa4Consent(ga4Id, details);
    else updateGa4Consent(details);
  }, [ga4Id, allowed, details]);

  useEffect(() => {
    if (!allowed || !tokenOf) return;
    return whenPageTitled(pathname, PAGE_TITLE_WAIT_MS, (pageTitle) => {
      const title = pageTitle.slice(0, 300) || undefined;
      // A lost page view (a path that is no page has no token) is not worth bothering the reader about.
      tokenOf(pathname)
        .then((token) => sendPageView({ path: pathname, title, source, token }))
        .catch(() => undefined);
      if (ga4Id) sendGa4PageView(pathname, title ?? '', source);
    });
  }, [pathname, allowed, source, ga4Id, tokenOf]);

  return null;
}
