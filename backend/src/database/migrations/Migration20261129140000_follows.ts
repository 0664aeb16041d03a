import { Migration } from '@mikro-orm/migrations';

/**
 * Readers following a story or a category (modules/follows, docs/follows.md): the follows with their
 * consent, the browsers' push subscriptions, one delivery row per message (unique per event and
 * recipient, and per follow and day for a daily bundle) and the record of each publication event fanned
 * out. Events published before this migration are recorded as fanned out: nobody followed them.
 */
export class Migration20261129140000_follows extends Migration {
  override name = 'Migration20261129140000_follows';

  override up(): void {
    this.addSql(`create table "push_subscription" (
      "id" bigserial primary key,
      "endpoint" varchar(1000) not null,
      "p256dh" varchar(100) not null,
      "auth" varchar(40) not null,
      "consent_text" text not null,
      "consent_source" varchar(300) not null,
      "consent_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      constraint "push_subscription_endpoint_check" check ((endpoint)::text ~~ 'https://%'::text));`);
    this.addSql(`alter table "push_subscription" add constraint "push_subscription_endpoint_unique" unique ("endpoint");`);

    this.addSql(`create table "follow" (
      "id" bigserial primary key,
      "channel" varchar(10) not null,
      "email" varchar(320) null,
      "push_subscription_id" bigint null,
      "story_id" int null,
      "category" varchar(50) null,
      "mode" varchar(10) not null default 'each',
      "status" varchar(20) not null default 'pending',
      "consent_text" text not null,
      "consent_source" varchar(300) not null,
      "consent_at" timestamptz not null,
      "confirmation_sent_at" timestamptz null,
      "confirmed_at" timestamptz null,
      "unsubscribed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "follow_channel_check" check (channel in ('email', 'push')),
      constraint "follow_recipient_check" check ((channel = 'email' and email is not null and push_subscription_id is null) or (channel = 'push' and push_subscription_id is not null and email is null and mode = 'each')),
      constraint "follow_target_check" check ((story_id is null) <> (category is null)),
      constraint "follow_mode_check" check (mode in ('each', 'daily')),
      constraint "follow_status_check" check (status in ('pending', 'confirmed', 'unsubscribed')),
      constraint "follow_confirmed_check" check (status <> 'confirmed' or confirmed_at is not null),
      constraint "follow_push_subscription_id_fkey" foreign key ("push_subscription_id") references "push_subscription" ("id") on update no action on delete cascade,
      constraint "follow_story_id_fkey" foreign key ("story_id") references "story" ("id") on update no action on delete cascade);`);
    this.addSql(
      `create unique index "follow_recipient_target_unique" on "follow" (coalesce(email, ''), coalesce(push_subscription_id, 0), coalesce(story_id, 0), coalesce(category, ''));`,
    );
    this.addSql(`create index "follow_story_index" on "follow" ("story_id") where "status" = 'confirmed';`);
    this.addSql(`create index "follow_category_index" on "follow" ("category") where "status" = 'confirmed';`);
    this.addSql(`create index "follow_email_index" on "follow" ("email");`);
    this.addSql(`create index "follow_push_subscription_index" on "follow" ("push_subscription_id");`);
    this.addSql(`create index "follow_created_at_index" on "follow" ("created_at");`);

    this.addSql(`create table "follow_delivery" (
      "id" bigserial primary key,
      "event_id" bigint null,
      "follow_id" bigint null,
      "recipient" varchar(340) not null,
      "channel" varchar(10) not null,
      "status" varchar(10) not null default 'pending',
      "bundle_id" bigint null,
      "bundle_day" date null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null default now(),
      "claimed_at" timestamptz null,
      "claimed_by" varchar(100) null,
      "sent_at" timestamptz null,
      "last_error" text null,
      "dropped_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "follow_delivery_status_check" check (status in ('held', 'pending', 'sending', 'sent', 'bundled', 'skipped', 'dropped')),
      constraint "follow_delivery_channel_check" check (channel in ('email', 'push')),
      constraint "follow_delivery_kind_check" check ((event_id is null) <> (bundle_day is null)),
      constraint "follow_delivery_claim_check" check (status <> 'sending' or claimed_at is not null),
      constraint "follow_delivery_dropped_check" check (status <> 'dropped' or dropped_at is not null),
      constraint "follow_delivery_event_id_fkey" foreign key ("event_id") references "publication_event" ("id") on update no action on delete cascade,
      constraint "follow_delivery_follow_id_fkey" foreign key ("follow_id") references "follow" ("id") on update no action on delete set null);`);
    this.addSql(`alter table "follow_delivery" add constraint "follow_delivery_event_recipient_unique" unique ("event_id", "recipient");`);
    this.addSql(`alter table "follow_delivery" add constraint "follow_delivery_bundle_unique" unique ("follow_id", "bundle_day");`);
    this.addSql(`create index "follow_delivery_open_index" on "follow_delivery" ("next_attempt_at", "id") where "status" in ('pending', 'sending');`);
    this.addSql(`create index "follow_delivery_held_index" on "follow_delivery" ("recipient", "id") where "status" = 'held';`);
    this.addSql(`create index "follow_delivery_bundle_index" on "follow_delivery" ("bundle_id");`);
    this.addSql(`create index "follow_delivery_follow_index" on "follow_delivery" ("follow_id");`);
    this.addSql(`create index "follow_delivery_created_at_index" on "follow_delivery" ("created_at");`);

    this.addSql(`create table "follow_fanout" (
      "event_id" bigint not null,
      "recipients" int not null default 0,
      "fanned_out_at" timestamptz not null default now(),
      constraint "follow_fanout_pkey" primary key ("event_id"),
      constraint "follow_fanout_event_id_fkey" foreign key ("event_id") references "publication_event" ("id") on update no action on delete cascade);`);
    this.addSql(`insert into "follow_fanout" ("event_id") select "id" from "publication_event";`);
  }
}
