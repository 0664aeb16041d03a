import { useEffect, useState } from 'react';
import { lookUpCountry } from '../api/geo-api';
import { readStoredLocation, storeLocation } from '../consent-storage';

/**
 * The visitor's country for the banner's wording, looked up once and remembered under
 * 'user-location'. `settled` turns true once known or given up on; a failed lookup is no country
 * (the general wording), never an error on the page.
 */
export function useVisitorCountry(enabled: boolean) {
  const [country, setCountry] = useState<string | null>(readStoredLocation);
  const [settled, setSettled] = useState(country !== null);

  useEffect(() => {
    if (!enabled || settled) return;
    let current = true;
    lookUpCountry()
      .catch(() => null)
      .then((found) => {
        if (!current) return;
        if (found) {
          storeLocation(found);
          setCountry(found);
        }
        setSettled(true);
      });
    return () => {
      current = false;
    };
  }, [enabled, settled]);

  return { country, settled };
}
