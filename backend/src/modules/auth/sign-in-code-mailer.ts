/**
 * What sends a sign-in code's mail: the newsletter module's Mailer, which that module provides under this
 * token. That module depends on this one (its routes' access), so this one declares only the shape it needs.
 */
export const SIGN_IN_CODE_MAILER = Symbol('SignInCodeMailer');

export interface SignInCodeMailer {
  /** False when no SMTP server is configured: no code is mailed. */
  readonly configured: boolean;
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}
