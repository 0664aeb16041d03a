import { SITE_NAME } from '@ai-mind/contracts';
import { frame, type RenderedEmail } from '../newsletter/index.js';
import { escapeMarkup } from '../pages/index.js';

/** One update as a follower reads it: what happened to which article, and where to read it. */
export interface UpdateItem {
  kind: 'published' | 'update' | 'correction';
  title: string;
  url: string;
  note: string | null;
  at: Date;
}

const KIND_WORDS: Record<UpdateItem['kind'], string> = { published: 'New article', update: 'Updated', correction: 'Corrected' };

const reason = (targetTitle: string) => `You receive this because you follow "${targetTitle}" on ${SITE_NAME}.`;

/** The confirmation of an email follow (double opt-in), with the link's lifetime. */
export function followConfirmationEmail(
  targetTitle: string,
  links: { confirmUrl: string; unsubscribeUrl: string },
  validHours: number,
  mode: 'each' | 'daily',
): RenderedEmail {
  const subject = `Confirm that you follow "${targetTitle}"`;
  const hours = `${Math.max(1, Math.round(validHours))} hour${Math.round(validHours) === 1 ? '' : 's'}`;
  const asked = `Someone, hopefully you, asked to receive updates of "${targetTitle}" on ${SITE_NAME} at this address, ${mode === 'daily' ? 'as a daily bundle' : 'one email per update'}.`;
  const ignore = 'If you did not ask for this, ignore this email: nothing will be sent to you.';
  const html = frame(
    subject,
    `<p>${escapeMarkup(asked)}</p>
<p><a href="${escapeMarkup(links.confirmUrl)}" style="display:inline-block;background:#228be6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Confirm</a></p>
<p style="font-size:13px;color:#495057">The link works for ${hours}. ${escapeMarkup(ignore)}</p>`,
    links.unsubscribeUrl,
    reason(targetTitle),
  );
  const text = [asked, '', `Confirm: ${links.confirmUrl}`, '', `The link works for ${hours}. ${ignore}`, '', `Unsubscribe: ${links.unsubscribeUrl}`].join('\n');
  return { subject, html, text };
}

function itemHtml(item: UpdateItem): string {
  return `<div style="margin:0 0 20px"><p style="font-size:12px;color:#868e96;margin:0">${KIND_WORDS[item.kind]} &middot; ${item.at.toISOString().slice(0, 10)}</p>
<h2 style="font-size:18px;margin:4px 0"><a href="${escapeMarkup(item.url)}" style="color:#1a1b1e">${escapeMarkup(item.title)}</a></h2>
${item.note ? `<p style="margin:0;font-size:15px;line-height:1.5">${escapeMarkup(item.note)}</p>` : ''}</div>`;
}

function itemText(item: UpdateItem): string[] {
  return [`${KIND_WORDS[item.kind]}: ${item.title}`, ...(item.note ? [item.note] : []), item.url, ''];
}

/** One update, to a follower who chose one email per update. */
export function updateEmail(targetTitle: string, item: UpdateItem, unsubscribeUrl: string): RenderedEmail {
  const subject = `${KIND_WORDS[item.kind]}: ${item.title}`;
  const html = frame(subject, itemHtml(item), unsubscribeUrl, reason(targetTitle));
  const text = [...itemText(item), `Unsubscribe with one click: ${unsubscribeUrl}`].join('\n');
  return { subject, html, text };
}

/** The day's updates in one email, to a follower who chose the daily bundle. */
export function bundleEmail(targetTitle: string, items: UpdateItem[], unsubscribeUrl: string): RenderedEmail {
  const subject = `${SITE_NAME}: ${items.length} update${items.length === 1 ? '' : 's'} of "${targetTitle}"`;
  const html = frame(subject, items.map(itemHtml).join('\n'), unsubscribeUrl, reason(targetTitle));
  const text = [subject, '', ...items.flatMap(itemText), `Unsubscribe with one click: ${unsubscribeUrl}`].join('\n');
  return { subject, html, text };
}
