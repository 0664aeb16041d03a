export const ADS_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

export const adsScriptLoaded = () => document.querySelector(`script[src^="${ADS_SCRIPT_URL}"]`) !== null;

/**
 * Adds the AdSense script once. Ad blockers and network failures are common and harmless to the
 * reader: they are only logged (docs/product.md#calls), never shown.
 */
export function loadAdsScript(client: string): void {
  if (adsScriptLoaded()) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${ADS_SCRIPT_URL}?client=${encodeURIComponent(client)}`;
  script.addEventListener('error', () => {
    // The spec logs ads script failures and does nothing else.
    console.error('The ads script failed to load', script.src);
  });
  document.head.appendChild(script);
}
