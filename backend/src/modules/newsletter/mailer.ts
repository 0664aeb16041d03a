import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';

/** One email to one recipient, with both parts. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** The same id on every attempt, so a copy sent again is recognisably the same message. */
  messageId?: string;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('No SMTP_URL is configured, so no email can be sent');
  }
}

/**
 * Whether an SMTP failure is worth another attempt: a 5xx reply (the address does not exist, the
 * message is refused) is the server's final word; a 4xx, a timeout or a lost connection may pass.
 */
export function failureIsPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** A failure as the editor reads it: the server's reply, or what went wrong on the way. */
export function failureText(error: unknown): string {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
  return (
    [responseCode, code, message]
      .filter((part) => part !== undefined && part !== '')
      .join(' ')
      .slice(0, 1000) || 'Unknown error'
  );
}

/** Sends email through the SMTP server of SMTP_URL (nodemailer), over a small pool of connections. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private transport: Transporter | null = null;

  constructor(
    @InjectConfig('mail') private readonly config: ConfigSlice<'mail'>,
    @InjectConfig('newsletter') private readonly newsletterConfig: ConfigSlice<'newsletter'>,
  ) {}

  get configured(): boolean {
    return this.config.smtpUrl !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter().sendMail({
      from: this.config.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
  }

  private transporter(): Transporter {
    if (!this.config.smtpUrl) throw new MailNotConfiguredError();
    if (!this.transport) {
      const timeout = this.config.timeoutMs;
      this.transport = nodemailer.createTransport({
        url: this.config.smtpUrl,
        pool: true,
        maxConnections: this.newsletterConfig.senders,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      } as Parameters<typeof nodemailer.createTransport>[0]);
      this.transport.on('error', (error: Error) => this.logger.warn({ err: error }, 'SMTP connection error'));
    }
    return this.transport;
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
