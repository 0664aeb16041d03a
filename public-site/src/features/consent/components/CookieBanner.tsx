import { Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COOKIE_BANNER_DELAY_MS, type ConsentDetails } from '@ai-mind/contracts/web';
import { CONSENT_COPY } from '../consent-copy';
import { ALL_CONSENT_DETAILS, DEFAULT_CONSENT_DETAILS, isEuCountry } from '../consent-storage';
import { useConsent } from '../hooks/consent-context';
import { useVisitorCountry } from '../hooks/use-visitor-country';

type OptionalCategory = Exclude<keyof ConsentDetails, 'necessary'>;
const OPTIONAL_CATEGORIES: OptionalCategory[] = ['analytics', 'marketing', 'preferences'];

/** Shown after the spec's one-second delay, so the page itself comes first. */
function useDelayElapsed(enabled: boolean) {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setElapsed(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled]);
  return elapsed;
}

function CustomChoices({ initial, onSave }: { initial: ConsentDetails; onSave: (details: ConsentDetails) => void }) {
  const [details, setDetails] = useState<ConsentDetails>(initial);
  return (
    <Stack gap="xs" data-testid="cookie-customize">
      <Switch checked disabled label={CONSENT_COPY.categories.necessary.label} description={CONSENT_COPY.categories.necessary.description} />
      {OPTIONAL_CATEGORIES.map((category) => (
        <Switch
          key={category}
          checked={details[category]}
          onChange={(event) => setDetails({ ...details, [category]: event.currentTarget.checked })}
          label={CONSENT_COPY.categories[category].label}
          description={CONSENT_COPY.categories[category].description}
        />
      ))}
      <Button size="sm" onClick={() => onSave(details)} style={{ alignSelf: 'flex-start' }}>
        {CONSENT_COPY.save}
      </Button>
    </Stack>
  );
}

/**
 * The cookie banner of docs/product.md #pages and #limits, on every page until the visitor chooses: accept,
 * reject or custom (necessary always on). The wording follows the visitor's country. The Privacy
 * page opens it again, at once, to change the choice.
 */
export function CookieBanner() {
  const { consent, choose, reviewing } = useConsent();
  const undecided = consent === null;
  const { country, settled } = useVisitorCountry(undecided || reviewing);
  const delayElapsed = useDelayElapsed(undecided);
  const [customizing, setCustomizing] = useState(false);

  // Waiting for the country as well keeps the wording from changing under the visitor's eyes.
  if (!((undecided && delayElapsed) || reviewing) || !settled) return null;
  const gdpr = isEuCountry(country);
  const buttons = gdpr ? CONSENT_COPY.gdprButtons : CONSENT_COPY.generalButtons;

  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
      data-wording={gdpr ? 'gdpr' : 'general'}
      shadow="xl"
      withBorder
      p="lg"
      radius="md"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 720, marginInline: 'auto' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id="cookie-banner-title">
          {CONSENT_COPY.title}
        </Title>
        <Text size="sm" id="cookie-banner-text">
          {gdpr ? CONSENT_COPY.gdpr : CONSENT_COPY.general}{' '}
          <Anchor component={Link} to="/privacy" size="sm">
            Privacy Policy
          </Anchor>
        </Text>
        {customizing && <CustomChoices initial={consent?.details ?? DEFAULT_CONSENT_DETAILS} onSave={(details) => choose({ choice: 'custom', details })} />}
        <Group gap="xs">
          <Button size="sm" onClick={() => choose({ choice: 'accepted', details: ALL_CONSENT_DETAILS })}>
            {buttons.accept}
          </Button>
          <Button size="sm" variant="default" onClick={() => choose({ choice: 'rejected', details: DEFAULT_CONSENT_DETAILS })}>
            {buttons.reject}
          </Button>
          {!customizing && (
            <Button size="sm" variant="subtle" onClick={() => setCustomizing(true)}>
              {CONSENT_COPY.customize}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
