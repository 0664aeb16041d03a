import { CONSENT_STORAGE_KEYS, EU_COUNTRY_CODES, type ConsentChoice, type ConsentDetails } from '@ai-mind/contracts/web';

/** docs/product.md#limits: necessary cookies on, everything else off until the visitor says otherwise. */
export const DEFAULT_CONSENT_DETAILS: ConsentDetails = { necessary: true, analytics: false, marketing: false, preferences: false };
export const ALL_CONSENT_DETAILS: ConsentDetails = { necessary: true, analytics: true, marketing: true, preferences: true };

export interface StoredConsent {
  choice: ConsentChoice;
  details: ConsentDetails;
}

const CHOICES: readonly ConsentChoice[] = ['accepted', 'rejected', 'custom'];

export const isEuCountry = (country: string | null | undefined) => !!country && (EU_COUNTRY_CODES as readonly string[]).includes(country.toUpperCase());

/** Storage can be switched off or full (private modes); consent then lives for this page only. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parseDetails(raw: string | null): ConsentDetails | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ConsentDetails, unknown>>;
    return { necessary: true, analytics: value.analytics === true, marketing: value.marketing === true, preferences: value.preferences === true };
  } catch {
    return null;
  }
}

/**
 * The stored choice, or null when the visitor has not chosen. The details follow the choice, so a
 * tampered entry can never grant more than the choice says: accepted is everything, rejected is
 * necessary only, custom is what was stored.
 */
export function readStoredConsent(): StoredConsent | null {
  const store = storage();
  const choice = store?.getItem(CONSENT_STORAGE_KEYS.consent) as ConsentChoice | null | undefined;
  if (!choice || !CHOICES.includes(choice)) return null;
  if (choice === 'accepted') return { choice, details: ALL_CONSENT_DETAILS };
  if (choice === 'rejected') return { choice, details: DEFAULT_CONSENT_DETAILS };
  return { choice, details: parseDetails(store!.getItem(CONSENT_STORAGE_KEYS.details)) ?? DEFAULT_CONSENT_DETAILS };
}

/** Writes the section-9 keys: the choice, its details as JSON, and when it was made. */
export function storeConsent({ choice, details }: StoredConsent, now = new Date()): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(CONSENT_STORAGE_KEYS.consent, choice);
    store.setItem(CONSENT_STORAGE_KEYS.details, JSON.stringify(details));
    store.setItem(CONSENT_STORAGE_KEYS.date, now.toISOString());
  } catch {
    // A full or locked storage: the choice still applies for this page.
  }
}

export function readStoredLocation(): string | null {
  return storage()?.getItem(CONSENT_STORAGE_KEYS.location) ?? null;
}

export function storeLocation(country: string): void {
  try {
    storage()?.setItem(CONSENT_STORAGE_KEYS.location, country);
  } catch {
    // Only a cache of the lookup: losing it costs one more lookup next time.
  }
}
