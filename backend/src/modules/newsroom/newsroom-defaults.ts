import { NEWSROOM_TEXTS, PUBLISHING_PRINCIPLES_SECTIONS, type NewsroomTextKey } from '@ai-mind/contracts';

/**
 * What a page shows before the owner has written it: a plain statement that it is not written yet
 * (never text that makes promises the operator did not make). The publishing principles keep their
 * two sections, so NEWSROOM_PAGES' #feedback and #verification always lead somewhere.
 */
export function unwrittenNewsroomText(key: NewsroomTextKey): string {
  const lead = `<p>The editors have not published their ${NEWSROOM_TEXTS[key].title.toLowerCase()} yet.</p>`;
  if (key !== 'publishingPrinciples') return lead;
  return [
    lead,
    `<h2 id="${PUBLISHING_PRINCIPLES_SECTIONS.feedback}">Feedback</h2>`,
    '<p>Report an error on any article with its "Report an error" form, or write to the editors from the <a href="/contact">contact page</a>.</p>',
    `<h2 id="${PUBLISHING_PRINCIPLES_SECTIONS.verification}">Verification</h2>`,
    '<p>Every article lists the sources it was written from, and every correction is listed on the <a href="/corrections">corrections page</a>.</p>',
  ].join('\n');
}
