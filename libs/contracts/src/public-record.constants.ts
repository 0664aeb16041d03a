// What a reader is told about how an article was made and corrected, and how they report an error:
// plain values for the public site's bundle (the schemas are in public-record.ts).

/** A correction fixes something the article got wrong; an update adds what happened since. */
export const CORRECTION_KINDS = ['correction', 'update'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

export const CORRECTION_TEXT_MIN = 10;
export const CORRECTION_TEXT_MAX = 2000;

export const ERROR_REPORT_DETAILS_MAX = 2000;
export const ERROR_REPORT_QUOTE_MAX = 500;

export const ERROR_REPORT_MESSAGES = {
  sent: { title: 'Thank you', message: 'Your report reached the editors. If the article is wrong, it will carry a dated correction.' },
  incomplete: 'Please say what is wrong.',
  failed: 'Sorry, your report could not be sent. Please try again.',
} as const;

/** What an error report's moderation can make of it. */
export const ERROR_REPORT_STATUSES = ['open', 'resolved', 'dismissed', 'spam'] as const;
export type ErrorReportStatus = (typeof ERROR_REPORT_STATUSES)[number];

/** The public page that lists every correction and update note, newest first. */
export const CORRECTIONS_PATH = '/corrections';

/** How each kind of note is headed, on the page, in the feed and on /corrections. */
export const CORRECTION_KIND_LABELS: Record<CorrectionKind, string> = { correction: 'Correction', update: 'Update' };

/** The element of an article page that holds its notes (links from the feed and /corrections point there). */
export const CORRECTIONS_ANCHOR = 'corrections';
