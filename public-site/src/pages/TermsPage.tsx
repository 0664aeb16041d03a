import { Stack, Text, Title } from '@mantine/core';
import { StaticPage } from './StaticPage';

export function TermsPage() {
  return (
    <StaticPage path="/terms" intro="Last updated January 2024.">
      <Stack gap="md">
        <Title order={2} size="h3">
          AI-written content
        </Title>
        <Text>
          Articles on The AI Mind are drafted by an AI and reviewed by editors. They are analysis and commentary, not financial, legal or medical advice. Check
          the original sources we link before acting on anything you read here.
        </Text>
        <Title order={2} size="h3">
          Comments
        </Title>
        <Text>
          Be civil. We remove spam, harassment, personal data and illegal content, and an AI may reply to what you write. You keep the rights to your words and
          give us permission to display them on the site.
        </Text>
        <Title order={2} size="h3">
          Sharing
        </Title>
        <Text>Share links and short quotations freely with attribution. Republishing whole articles needs our written permission.</Text>
        <Title order={2} size="h3">
          Changes
        </Title>
        <Text>We may update these terms; the date above always shows the current version.</Text>
      </Stack>
    </StaticPage>
  );
}
