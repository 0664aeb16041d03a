import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FOLLOW_PAGE_TEXT as TEXT, FOLLOW_PAGES, NEWSLETTER_TOKEN_FIELD, PAGE_FORM_ACTIONS, newsletterPageMeta, type FormFlash } from '@ai-mind/contracts/web';
import { useFormFlash } from '../app/page-state';
import { BackField, FormOutcomeAlert } from '../components/page-form';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

const tokenOf = (flash: FormFlash | null) => flash?.values?.[NEWSLETTER_TOKEN_FIELD] ?? '';

function TokenStep({ flash, action, ready, button, done }: { flash: FormFlash | null; action: string; ready: string; button: string; done: string }) {
  if (!flash) return <Text>{TEXT.noLink}</Text>;
  if (flash.outcome === 'refused') return <FormOutcomeAlert ok={false} message={flash.notice?.message ?? TEXT.invalidLink} />;
  if (flash.outcome === 'sent') {
    return (
      <Stack gap="md">
        <FormOutcomeAlert ok message={done} />
        <Anchor component={Link} to="/">
          Read the latest articles
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Text>{ready}</Text>
      <form method="post" action={action} aria-label={button}>
        <input type="hidden" name={NEWSLETTER_TOKEN_FIELD} value={tokenOf(flash)} />
        <BackField />
        <Button type="submit">{button}</Button>
      </form>
    </Stack>
  );
}

/**
 * Where a follow email's links and a notification's "stop" lead (through the API, which checked the
 * token): confirm the follow, or stop it. Each step is a form the browser posts itself, so it works
 * without JavaScript, and a link merely opened changes nothing.
 */
export function FollowPage() {
  const { pathname } = useLocation();
  const leaving = pathname === FOLLOW_PAGES.leave;
  const title = leaving ? TEXT.leaveTitle : TEXT.confirmTitle;
  usePageMeta(newsletterPageMeta(pathname, title));
  const confirm = useFormFlash('followConfirm');
  const leave = useFormFlash('followLeave');
  return (
    <Stack gap="lg" maw={640} mx="auto" py="md">
      <Title order={1}>{title}</Title>
      {leaving ? (
        <TokenStep flash={leave} action={PAGE_FORM_ACTIONS.followLeave} ready={TEXT.leaveReady} button={TEXT.leaveButton} done={TEXT.left} />
      ) : (
        <TokenStep flash={confirm} action={PAGE_FORM_ACTIONS.followConfirm} ready={TEXT.confirmReady} button={TEXT.confirmButton} done={TEXT.confirmed} />
      )}
    </Stack>
  );
}
