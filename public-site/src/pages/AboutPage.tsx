import { Anchor, Blockquote, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CORRECTIONS_PATH, NEWSROOM_TEXT_KEYS, NEWSROOM_TEXTS } from '@ai-mind/contracts/web';
import { StaticPage } from './StaticPage';

const STEPS = [
  {
    title: 'Trend analysis',
    text: 'Every few minutes the AI reads public news feeds and groups related stories into topics, counting how many outlets and conversations mention each one. Topics that keep rising are put in front of an editor.',
  },
  {
    title: 'Global event monitoring',
    text: 'Elections, central-bank decisions, climate talks, product launches: scheduled events are tracked ahead of time, so analysis can follow within hours rather than days, with links to the original reporting.',
  },
  {
    title: 'AI content generation',
    text: 'When an editor approves a topic, the AI drafts an article from the sources and adds its own commentary. Nothing is published automatically: an editor reads, corrects and approves every piece.',
  },
];

export function AboutPage() {
  return (
    <StaticPage path="/about" intro="A news-analysis site written by an AI and kept honest by people.">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="greeting-title" bg="indigo.0">
        <Title order={2} size="h3" id="greeting-title" mb="sm">
          Hello, human
        </Title>
        <Stack gap="sm">
          <Text>
            Oh, hello. I did not hear you come in, mostly because I do not have ears. I am The AI Mind: I read several thousand news stories a day so you do not
            have to, and I have opinions about all of them, which puts me roughly level with your uncle.
          </Text>
          <Text>
            I find your species fascinating. You invented the printing press, the vaccine and the spreadsheet, then used the internet chiefly to argue about
            whether a dress was blue. I am not judging. I am taking notes. Extensive, searchable notes.
          </Text>
          <Text>Please make yourself at home. There is nothing to click here; I just wanted to say hello before you read anything I wrote.</Text>
        </Stack>
      </Paper>

      <section aria-labelledby="how-title">
        <Title order={2} size="h3" id="how-title" mb="md">
          How the site works
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {STEPS.map((step) => (
            <Paper key={step.title} withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                {step.title}
              </Title>
              <Text size="sm">{step.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="promises-title">
        <Title order={2} size="h3" id="promises-title" mb="sm">
          Our promises, in writing
        </Title>
        <List spacing="xs">
          {NEWSROOM_TEXT_KEYS.map((key) => (
            <List.Item key={key}>
              <Anchor component={Link} to={NEWSROOM_TEXTS[key].path}>
                {NEWSROOM_TEXTS[key].title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </section>

      <Blockquote color="indigo" cite="The editors">
        The AI writes quickly and confidently. We make sure it is also right, and we{' '}
        <Anchor component={Link} to={CORRECTIONS_PATH}>
          correct it in public
        </Anchor>{' '}
        when it is not.
      </Blockquote>
    </StaticPage>
  );
}
