/** Providers that deliver every spelling of a local part with or without dots to the same mailbox. */
const DOTS_IGNORED = new Set(['gmail.com']);
/** Domains that are another name for the same provider's mailboxes. */
const SAME_PROVIDER: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address is delivered to, as one spelling: lowercased, without a `+tag` (plus
 * addressing), and for Gmail without the dots it ignores and on its one domain. Every `+tag` goes,
 * whatever the domain: most providers and mail servers deliver `name+tag@` to `name@`, and the rare
 * server where they are two people only makes them share a sending limit and a suppression that the
 * mailbox's owner can still lift by confirming from it.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1).replace(/\.$/, '');
  const provider = SAME_PROVIDER[domain] ?? domain;
  let local = lower.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(provider)) local = local.replaceAll('.', '');
  return `${local}@${provider}`;
}
