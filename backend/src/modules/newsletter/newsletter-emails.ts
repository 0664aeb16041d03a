import { articleCanonicalPath, excerpt, SITE_NAME } from '@ai-mind/contracts';
import { escapeMarkup } from '../pages/index.js';

/** Stands for the recipient's own unsubscribe link in a digest rendered once for everyone. */
export const UNSUBSCRIBE_URL_SLOT = '%%UNSUBSCRIBE_URL%%';

export interface DigestArticle {
  id: number;
  title: string;
  slug: string;
  category: string;
  content: string;
  /** How the article was made, as its page says it ("Written by the AI Mind from 4 sources; ..."). */
  label: string | null;
  /** Its AI involvement grade's label; `disclosed` for the EU "AI-generated" disclosure, shown before the title. */
  grade?: { label: string; disclosed: boolean } | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const FONT = 'font-family:Georgia,serif;color:#1a1b1e';

/** Why the reader receives an email, in its footer: the digest's words unless the sender says its own. */
const DIGEST_REASON = `You receive this because you subscribed to ${SITE_NAME}'s digest.`;

/** The site's email layout around `body`, its footer saying why it came and linking the one-click unsubscribe (shared with the follows' emails). */
export function frame(title: string, body: string, unsubscribeUrl: string, reason: string = DIGEST_REASON): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8f9fa"><div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;${FONT}">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeMarkup(SITE_NAME)}</p>${body}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0"><p style="font-size:12px;color:#868e96">${escapeMarkup(reason)}
<a href="${escapeMarkup(unsubscribeUrl)}">Unsubscribe with one click</a>.</p></div></body></html>`;
}

/**
 * The confirmation of a sign-up. To a mailbox that was erased from the list (`returning`), it says so,
 * and that ignoring it keeps the mailbox off the list, with no other email about it for `quietDays`.
 */
export function confirmationEmail(links: { confirmUrl: string; unsubscribeUrl: string }, validHours: number, returning?: { quietDays: number }): RenderedEmail {
  const subject = `Confirm your subscription to ${SITE_NAME}`;
  const hours = validHours >= 1 ? `${Math.round(validHours)} hour${Math.round(validHours) === 1 ? '' : 's'}` : 'a short while';
  const asked = returning
    ? `This address was removed from ${SITE_NAME}'s list at its owner's request. Someone, hopefully you, asked to receive the digest of new articles at it again.`
    : `Someone, hopefully you, asked to receive ${SITE_NAME}'s digest of new articles at this address.`;
  const ignore = returning
    ? `If you did not ask for this, ignore this email: the address stays off our list, and we will not write to it about this again for at least ${returning.quietDays} days.`
    : 'If you did not ask for this, ignore this email: nothing will be sent to you.';
  const html = frame(
    subject,
    `<p>${escapeMarkup(asked)}</p>
<p><a href="${escapeMarkup(links.confirmUrl)}" style="display:inline-block;background:#228be6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Confirm my subscription</a></p>
<p style="font-size:13px;color:#495057">The link works for ${hours}. ${escapeMarkup(ignore)}</p>`,
    links.unsubscribeUrl,
  );
  const text = [
    asked,
    '',
    `Confirm your subscription: ${links.confirmUrl}`,
    '',
    `The link works for ${hours}. ${ignore}`,
    '',
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/** The EU "AI-generated" disclosure above an item's title, plain and bold (other grades' labels go, quieter, in the grey line). */
function gradeHtml(grade: { label: string; disclosed: boolean } | null): string {
  return grade?.disclosed
    ? `<p style="font-size:12px;font-weight:bold;color:#9a3412;margin:0 0 2px" data-ai-grade="disclosed">${escapeMarkup(grade.label)}</p>`
    : '';
}

/** The digest as every recipient gets it, their unsubscribe link left as UNSUBSCRIBE_URL_SLOT. */
export function digestEmail(articles: DigestArticle[], origin: string): RenderedEmail {
  const subject = `${SITE_NAME}: ${articles.length} new article${articles.length === 1 ? '' : 's'}`;
  const items = articles.map((article) => {
    const url = `${origin}${articleCanonicalPath(article)}`;
    return { url, title: article.title, label: article.label, grade: article.grade ?? null, category: article.category, summary: excerpt(article.content) };
  });
  const html = frame(
    subject,
    items
      .map(
        (
          item,
        ) => `<div style="margin:0 0 20px">${gradeHtml(item.grade)}<p style="font-size:12px;color:#868e96;margin:0">${escapeMarkup(item.category)}${item.grade && !item.grade.disclosed ? ` &middot; ${escapeMarkup(item.grade.label)}` : ''}${item.label ? ` &middot; ${escapeMarkup(item.label)}` : ''}</p>
<h2 style="font-size:18px;margin:4px 0"><a href="${escapeMarkup(item.url)}" style="color:#1a1b1e">${escapeMarkup(item.title)}</a></h2>
<p style="margin:0;font-size:15px;line-height:1.5">${escapeMarkup(item.summary)}</p></div>`,
      )
      .join('\n'),
    UNSUBSCRIBE_URL_SLOT,
  );
  const text = [
    subject,
    '',
    ...items.flatMap((item) => [
      `${item.grade?.disclosed ? `[${item.grade.label}] ` : ''}${item.title}${item.label ? ` [${item.label}]` : ''}`,
      `${item.category}${item.grade && !item.grade.disclosed ? ` (${item.grade.label})` : ''}: ${item.summary}`,
      item.url,
      '',
    ]),
    `Unsubscribe with one click: ${UNSUBSCRIBE_URL_SLOT}`,
  ].join('\n');
  return { subject, html, text };
}

/** A digest for one recipient: their own unsubscribe link in both parts. */
export function personalised(email: RenderedEmail, unsubscribeUrl: string): RenderedEmail {
  return {
    subject: email.subject,
    html: email.html.replaceAll(UNSUBSCRIBE_URL_SLOT, escapeMarkup(unsubscribeUrl)),
    text: email.text.replaceAll(UNSUBSCRIBE_URL_SLOT, unsubscribeUrl),
  };
}

/** RFC 2369 and RFC 8058: the mail program's own unsubscribe button, which POSTs to the link. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
