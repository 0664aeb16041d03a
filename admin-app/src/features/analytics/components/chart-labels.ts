/** A period's first day (YYYY-MM-DD, a UTC day) as the axis shows it: 'Feb 3'. */
export const periodLabel = (period: string) => new Date(`${period}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country code as a name ('IE' -> 'Ireland'); the empty code is a visitor whose country was unknown. */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

export const count = (value: number) => value.toLocaleString('en-US');
export const viewsText = (value: number) => `${count(value)} ${value === 1 ? 'view' : 'views'}`;
