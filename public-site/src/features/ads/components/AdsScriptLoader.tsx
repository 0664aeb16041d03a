import { useEffect } from 'react';
import { publicEnv } from '../../../app/public-env';
import { useConsent } from '../../consent/hooks/consent-context';
import { adsScriptLoaded, loadAdsScript } from '../ads-script';

/**
 * Loads the ads script only when an AdSense client is configured and marketing consent is given. A
 * loaded script cannot be taken back, so withdrawing marketing consent reloads the page without it.
 */
export function AdsScriptLoader() {
  const { details } = useConsent();
  const client = publicEnv.adsenseClient();
  useEffect(() => {
    if (!client) return;
    if (details.marketing) loadAdsScript(client);
    else if (adsScriptLoaded()) window.location.reload();
  }, [client, details.marketing]);
  return null;
}
