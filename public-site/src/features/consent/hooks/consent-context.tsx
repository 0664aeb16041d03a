import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ConsentDetails } from '@ai-mind/contracts/web';
import { DEFAULT_CONSENT_DETAILS, readStoredConsent, storeConsent, type StoredConsent } from '../consent-storage';

interface ConsentState {
  /** Null until the visitor chooses (the banner is showing or about to). */
  consent: StoredConsent | null;
  /** What may run now: the chosen details, or necessary only before a choice. */
  details: ConsentDetails;
  choose: (consent: StoredConsent) => void;
  /** True while a visitor who already chose looks at the banner again (from the Privacy page). */
  reviewing: boolean;
  review: () => void;
}

const ConsentContext = createContext<ConsentState | null>(null);

/**
 * Holds the visitor's cookie choice for the whole site. A stored choice is re-applied on load, so
 * analytics and ads start at once for a returning visitor who accepted.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<StoredConsent | null>(readStoredConsent);
  const [reviewing, setReviewing] = useState(false);
  const choose = useCallback((next: StoredConsent) => {
    storeConsent(next);
    setConsent(next);
    setReviewing(false);
  }, []);
  const review = useCallback(() => setReviewing(true), []);
  const value = useMemo(
    () => ({ consent, details: consent?.details ?? DEFAULT_CONSENT_DETAILS, choose, reviewing, review }),
    [consent, choose, reviewing, review],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent needs a ConsentProvider around it');
  return state;
}
