import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import {
  NEWSLETTER_PAGE_TEXT as TEXT,
  NEWSLETTER_PAGES,
  NEWSLETTER_TOKEN_FIELD,
  PAGE_FORM_ACTIONS,
  newsletterPageMeta,
  type FormFlash,
} from '@ai-mind/contracts/web';
import { useFormFlash } from '../app/page-state';
import { BackField, FormOutcomeAlert } from '../components/page-form';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

/** A form of this page: the email link's token, the page to come back to, one button. Posted by the browser itself, scripts or not. */
function TokenForm({ action, token, label, color }: { action: string; token: string; label: string; color?: string }) {
  return (
    <form method="post" action={action} aria-label={label}>
      <input type="hidden" name={NEWSLETTER_TOKEN_FIELD} value={token} />
      <BackField />
      <Button type="submit" color={color}>
        {label}
      </Button>
    </form>
  );
}

const tokenOf = (flash: FormFlash | null) => flash?.values?.[NEWSLETTER_TOKEN_FIELD] ?? '';

function ConfirmContent() {
  const flash = useFormFlash('newsletterConfirm');
  if (!flash) return <Text>{TEXT.noLink}</Text>;
  if (flash.outcome === 'refused') return <FormOutcomeAlert ok={false} message={flash.notice?.message ?? TEXT.invalidLink} />;
  if (flash.outcome === 'sent') {
    return (
      <Stack gap="md">
        <FormOutcomeAlert ok message={TEXT.confirmed} />
        <Anchor component={Link} to="/">
          Read the latest articles
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      <Text>{TEXT.confirmReady}</Text>
      <TokenForm action={PAGE_FORM_ACTIONS.newsletterConfirm} token={tokenOf(flash)} label={TEXT.confirmButton} />
    </Stack>
  );
}

function EraseForm({ token }: { token: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="gray.7">
        {TEXT.eraseIntro}
      </Text>
      <TokenForm action={PAGE_FORM_ACTIONS.newsletterErase} token={token} label={TEXT.eraseButton} color="red" />
    </Stack>
  );
}

function LeaveContent() {
  const leave = useFormFlash('newsletterLeave');
  const erase = useFormFlash('newsletterErase');
  if (erase)
    return <FormOutcomeAlert ok={erase.outcome === 'sent'} message={erase.outcome === 'sent' ? TEXT.erased : (erase.notice?.message ?? TEXT.invalidLink)} />;
  if (!leave) return <Text>{TEXT.noLink}</Text>;
  if (leave.outcome === 'refused') return <FormOutcomeAlert ok={false} message={leave.notice?.message ?? TEXT.invalidLink} />;
  return (
    <Stack gap="lg" align="flex-start">
      {leave.outcome === 'sent' ? (
        <FormOutcomeAlert ok message={TEXT.left} />
      ) : (
        <Stack gap="md" align="flex-start">
          <Text>{TEXT.leaveReady}</Text>
          <TokenForm action={PAGE_FORM_ACTIONS.newsletterLeave} token={tokenOf(leave)} label={TEXT.leaveButton} />
        </Stack>
      )}
      <EraseForm token={tokenOf(leave)} />
    </Stack>
  );
}

/**
 * Where a newsletter email's links lead (through the API, which checked the link): confirm the
 * subscription, or unsubscribe and optionally have the data removed. Each step is a form the browser
 * posts itself, so it works without JavaScript, and a link merely opened changes nothing.
 */
export function NewsletterPage() {
  const { pathname } = useLocation();
  const leaving = pathname === NEWSLETTER_PAGES.leave;
  const title = leaving ? TEXT.leaveTitle : TEXT.confirmTitle;
  usePageMeta(newsletterPageMeta(pathname, title));
  return (
    <Stack gap="lg" maw={640} mx="auto" py="md">
      <Title order={1}>{title}</Title>
      {leaving ? <LeaveContent /> : <ConfirmContent />}
    </Stack>
  );
}
