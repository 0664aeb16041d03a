import { Migration } from '@mikro-orm/migrations';

/**
 * The newsletter as readers and editors use it: a subscriber's status and the consent it was given
 * under (double opt-in), a hashed suppression list of erased addresses, the digest schedule with the
 * secret that signs the emails' links, and each digest with one delivery row per recipient, which is
 * what makes a digest reach each subscriber once however many workers send it.
 * Addresses signed up before this had never confirmed, so they start as pending and receive nothing.
 */
export class Migration20261127120000_newsletter extends Migration {
  override name = 'Migration20261127120000_newsletter';

  override up(): void {
    this.addSql(`alter table "newsletter_subscriber"
      alter column "created_at" set default now(),
      add column "status" varchar(20) not null default 'pending',
      add column "consent_text" text null,
      add column "consent_source" varchar(300) null,
      add column "consent_at" timestamptz null,
      add column "confirmation_sent_at" timestamptz null,
      add column "confirmed_at" timestamptz null,
      add column "unsubscribed_at" timestamptz null,
      add constraint "newsletter_subscriber_status_check" check ("status" in ('pending', 'confirmed', 'unsubscribed', 'bounced')),
      add constraint "newsletter_subscriber_confirmed_check" check ("status" <> 'confirmed' or ("confirmed_at" is not null and "consent_text" is not null));`);
    this.addSql(`create index "newsletter_subscriber_created_at_id_index" on "newsletter_subscriber" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "newsletter_subscriber_status_id_index" on "newsletter_subscriber" ("status", "id");`);

    this.addSql(`create table "newsletter_suppression" (
      "email_hash" char(64) not null,
      "reason" varchar(30) not null,
      "created_at" timestamptz not null default now(),
      constraint "newsletter_suppression_pkey" primary key ("email_hash"));`);

    this.addSql(`create table "newsletter_settings" (
      "id" smallint not null default 1,
      "cadence" varchar(10) not null default 'off',
      "weekday" smallint not null default 0,
      "send_time" char(5) not null default '08:00',
      "signing_secret" text not null,
      "schedule_changed_at" timestamptz not null default now(),
      "updated_by" varchar(100) null,
      constraint "newsletter_settings_pkey" primary key ("id"),
      constraint "newsletter_settings_single_check" check ("id" = 1),
      constraint "newsletter_settings_cadence_check" check ("cadence" in ('off', 'daily', 'weekly')),
      constraint "newsletter_settings_weekday_check" check ("weekday" between 0 and 6),
      constraint "newsletter_settings_send_time_check" check ("send_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'));`);
    // The links' signing key is made once, here, by PostgreSQL: every API and worker process reads the same one.
    this.addSql(`insert into "newsletter_settings" ("id", "signing_secret")
      values (1, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'));`);

    this.addSql(`create table "newsletter_digest" (
      "id" serial primary key,
      "slot" timestamptz null,
      "trigger" varchar(10) not null,
      "requested_by" varchar(100) null,
      "period_from" timestamptz not null,
      "period_until" timestamptz not null,
      "subject" varchar(300) not null,
      "html" text not null,
      "text" text not null,
      "article_count" int not null,
      "recipient_count" int not null default 0,
      "status" varchar(10) not null default 'sending',
      "created_at" timestamptz not null default now(),
      "finished_at" timestamptz null,
      constraint "newsletter_digest_slot_unique" unique ("slot"),
      constraint "newsletter_digest_trigger_check" check ("trigger" in ('schedule', 'manual')),
      constraint "newsletter_digest_status_check" check ("status" in ('sending', 'sent', 'empty')),
      constraint "newsletter_digest_period_check" check ("period_from" <= "period_until"));`);
    this.addSql(`create index "newsletter_digest_created_at_id_index" on "newsletter_digest" ("created_at" desc, "id" desc);`);

    this.addSql(`create table "newsletter_delivery" (
      "id" bigserial primary key,
      "digest_id" int not null references "newsletter_digest" ("id") on delete cascade,
      "subscriber_id" int null references "newsletter_subscriber" ("id") on delete set null,
      "status" varchar(10) not null default 'pending',
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null default now(),
      "claimed_at" timestamptz null,
      "claimed_by" varchar(100) null,
      "sent_at" timestamptz null,
      "last_error" text null,
      constraint "newsletter_delivery_recipient_unique" unique ("digest_id", "subscriber_id"),
      constraint "newsletter_delivery_status_check" check ("status" in ('pending', 'sending', 'sent', 'failed', 'skipped')),
      constraint "newsletter_delivery_claim_check" check ("status" <> 'sending' or "claimed_at" is not null));`);
    this.addSql(`create index "newsletter_delivery_open_index" on "newsletter_delivery" ("digest_id", "id") where "status" in ('pending', 'sending');`);
    this.addSql(`create index "newsletter_delivery_subscriber_index" on "newsletter_delivery" ("subscriber_id");`);
    // A digest reads the publications since the one before it.
    this.addSql(`create index "article_revision_publication_index" on "article_revision" ("created_at") where "action" in ('publish', 'create');`);
  }

  override down(): void {
    this.addSql(`drop index if exists "article_revision_publication_index";`);
    this.addSql(`drop table if exists "newsletter_delivery";`);
    this.addSql(`drop table if exists "newsletter_digest";`);
    this.addSql(`drop table if exists "newsletter_settings";`);
    this.addSql(`drop table if exists "newsletter_suppression";`);
    this.addSql(`drop index if exists "newsletter_subscriber_status_id_index";`);
    this.addSql(`drop index if exists "newsletter_subscriber_created_at_id_index";`);
    this.addSql(`alter table "newsletter_subscriber"
      alter column "created_at" drop default,
      drop constraint "newsletter_subscriber_confirmed_check", drop constraint "newsletter_subscriber_status_check",
      drop column "status", drop column "consent_text", drop column "consent_source", drop column "consent_at",
      drop column "confirmation_sent_at", drop column "confirmed_at", drop column "unsubscribed_at";`);
  }
}
