import type { ConsentDetails } from '@ai-mind/contracts/web';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const consentMode = (details: ConsentDetails) => {
  const state = (granted: boolean) => (granted ? 'granted' : 'denied');
  return {
    analytics_storage: state(details.analytics),
    ad_storage: state(details.marketing),
    ad_user_data: state(details.marketing),
    ad_personalization: state(details.marketing),
    personalization_storage: state(details.preferences),
    functionality_storage: 'granted',
    security_storage: 'granted',
  };
};

const GA4_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/**
 * GA4 in consent mode: everything denied by default, then updated to what the visitor allowed. Only
 * called once analytics consent is given, so Google is never contacted before it. Page views are sent
 * by the tracker (send_page_view off), one per path change like the first-party ones.
 */
export function applyGa4Consent(measurementId: string, details: ConsentDetails): void {
  if (!document.querySelector(`script[src^="${GA4_SCRIPT_URL}"]`)) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('consent', 'default', consentMode({ necessary: true, analytics: false, marketing: false, preferences: false }));
    window.gtag('js', new Date());
    window.gtag('config', measurementId, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GA4_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    document.head.appendChild(script);
  }
  updateGa4Consent(details);
}

/** Tells a loaded GA4 about a changed choice (for example analytics switched off again); nothing when not loaded. */
export function updateGa4Consent(details: ConsentDetails): void {
  window.gtag?.('consent', 'update', consentMode(details));
}

export function sendGa4PageView(path: string, title: string, source: string): void {
  window.gtag?.('event', 'page_view', { page_path: path, page_title: title, page_location: window.location.href, traffic_source: source });
}
