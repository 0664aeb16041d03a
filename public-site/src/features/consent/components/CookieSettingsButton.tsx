import { Button } from '@mantine/core';
import { useConsent } from '../hooks/consent-context';

/** Opens the cookie banner again so a visitor can change an earlier choice. */
export function CookieSettingsButton() {
  const { review } = useConsent();
  return (
    <Button variant="default" onClick={review} style={{ alignSelf: 'flex-start' }}>
      Cookie settings
    </Button>
  );
}
