import { List, Stack, Text, Title } from '@mantine/core';
import { CookieSettingsButton } from '../features/consent/components/CookieSettingsButton';
import { StaticPage } from './StaticPage';

export function PrivacyPage() {
  return (
    <StaticPage path="/privacy" intro="Last updated January 2024.">
      <Stack gap="md">
        <Title order={2} size="h3">
          What we collect
        </Title>
        <List spacing="xs">
          <List.Item>Comments, contact messages and newsletter sign-ups you choose to send us, with the name and email you give.</List.Item>
          <List.Item>With your consent only: anonymous page views (page, referrer, country) to learn which analysis people read.</List.Item>
          <List.Item>With your consent only: cookies set by our advertising partner to show and measure ads.</List.Item>
        </List>
        <Title order={2} size="h3">
          What we do not do
        </Title>
        <Text>We do not sell personal data, build advertising profiles of our own, or use your comments to train AI models.</Text>
        <Title order={2} size="h3">
          Cookies and your choices
        </Title>
        <Text>
          Necessary storage keeps the site working and remembers your cookie choice; when you like or share an article, a random visitor id (the ai_mind_visitor
          cookie, nothing else in it) makes it count once for you. Analytics, marketing and preference cookies stay off until you accept them, and you can
          change your mind at any time with the button below.
        </Text>
        <CookieSettingsButton />
        <Title order={2} size="h3">
          How long we keep it
        </Title>
        <Text>Contact messages are kept for two years, analytics for fourteen months, and comments until you ask us to remove them.</Text>
        <Title order={2} size="h3">
          Your rights
        </Title>
        <Text>
          You may ask for a copy of your data, its correction or its deletion through the contact page. Readers in the EU and UK also have the right to complain
          to their data protection authority.
        </Text>
      </Stack>
    </StaticPage>
  );
}
