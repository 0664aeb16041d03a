import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import {
  FOLLOW_EMAIL_CONSENT_TEXT,
  FOLLOW_PAGE_TEXT as TEXT,
  FOLLOW_PAGES,
  FORM_BACK_FIELD,
  NEWSLETTER_TOKEN_FIELD,
  PAGE_FORM_ACTIONS,
  type FollowTarget,
} from '@ai-mind/contracts/web';
import { useFormFlash } from '../../../app/page-state';
import { BackField, FormOutcomeAlert } from '../../../components/page-form';
import { PushFollowButton } from './PushFollowButton';

/**
 * What a follow form follows: a story (its slug), an article's story (the article's slug; its category
 * when it is in no story), or a category (as its URL names it, with the name the heading shows).
 */
export type FollowFormTarget = { story: string } | { article: string } | { category: string; title: string };

/** The fragment of a notification's link that carries its follow's unsubscribe token (never sent to a server). */
const UNFOLLOW_FRAGMENT = /[#&]unfollow=([^&]+)/;

const noChanges = () => () => {};
const unfollowToken = () => {
  const match = UNFOLLOW_FRAGMENT.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]!) : null;
};

/**
 * Opened from a notification: the page's link carries the follow's token in its fragment, and this
 * offers the real form that stops it (posted to the API, which checks the token).
 */
function NotificationUnfollow() {
  // Read in the browser only (the server never sees a fragment): nothing on the server's page, the form once hydrated.
  const token = useSyncExternalStore(noChanges, unfollowToken, () => null);
  if (!token) return null;
  return (
    <form method="post" action={PAGE_FORM_ACTIONS.followLeave} aria-label="Stop these notifications">
      <input type="hidden" name={NEWSLETTER_TOKEN_FIELD} value={token} />
      <input type="hidden" name={FORM_BACK_FIELD} value={FOLLOW_PAGES.leave} />
      <Group gap="xs">
        <Text size="sm">You opened this from a notification.</Text>
        <Button type="submit" size="xs" variant="subtle" color="red">
          Stop these notifications
        </Button>
      </Group>
    </form>
  );
}

/**
 * "Follow this story" / "Follow <category>": by email, a real form the browser posts itself (scripts
 * or not; the server answers 303 back here with the outcome), one email per update or a daily bundle;
 * and, where the browser has Web Push, notifications on this device. The stories' page mounts it too.
 */
export function FollowForm({ target }: { target: FollowFormTarget }) {
  const flash = useFormFlash('follow');
  const heading = 'category' in target ? TEXT.formTitleCategory(target.title) : TEXT.formTitleStory;
  const id = `follow-${'category' in target ? target.category : 'story'}`;
  const followed: FollowTarget =
    'story' in target ? { story: target.story } : 'article' in target ? { article: target.article } : { category: target.category };
  const refused = flash?.outcome === 'refused' ? flash : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={`${id}-title`}>
          {heading}
        </Title>
        <NotificationUnfollow />
        <form method="post" action={PAGE_FORM_ACTIONS.follow} aria-label={heading} noValidate>
          <BackField />
          {Object.entries(followed).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                type="email"
                name="email"
                aria-label={TEXT.emailLabel}
                placeholder="you@example.com"
                autoComplete="email"
                required
                style={{ flex: 1 }}
                defaultValue={refused?.values?.email}
                error={refused?.fieldErrors?.email}
              />
              <Button type="submit">{TEXT.submit}</Button>
            </Group>
            {/* Native radios: a form control with no stylesheet of its own to carry on every page. */}
            <Group gap="md" role="radiogroup" aria-label="How often">
              {(
                [
                  ['each', TEXT.modeEach],
                  ['daily', TEXT.modeDaily],
                ] as const
              ).map(([value, label]) => (
                <Text component="label" size="sm" key={value} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', cursor: 'pointer' }}>
                  <input type="radio" name="mode" value={value} defaultChecked={value === (refused?.values?.mode === 'daily' ? 'daily' : 'each')} />
                  {label}
                </Text>
              ))}
            </Group>
            <Text size="xs" c="gray.7">
              {FOLLOW_EMAIL_CONSENT_TEXT}
            </Text>
          </Stack>
        </form>
        {flash?.outcome === 'sent' && <FormOutcomeAlert ok message={TEXT.sent} />}
        {refused && !refused.fieldErrors?.email && (
          <FormOutcomeAlert ok={false} message={refused.notice?.message ?? Object.values(refused.fieldErrors ?? {})[0] ?? 'Please try again.'} />
        )}
        <PushFollowButton target={followed} />
      </Stack>
    </Paper>
  );
}
