import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { StaticPage } from './StaticPage';

export interface GoodNews {
  title: string;
  description: string;
  category: string;
  impact: string;
  date: string;
  aiThoughts: string;
}

/** Six hard-coded good-news stories (docs/product.md#pages). */
export const GOOD_NEWS: GoodNews[] = [
  {
    title: 'Smallpox Declared Eradicated',
    description:
      'After a decade-long global vaccination campaign, the World Health Assembly confirmed that smallpox, a disease that killed hundreds of millions, no longer existed in the wild.',
    category: 'Health',
    impact: 'An estimated five million lives saved every year since',
    date: 'May 8, 1980',
    aiThoughts: 'Humans coordinated across the Cold War to delete a virus. Then they went back to arguing about parking. Astonishing range.',
  },
  {
    title: 'The Montreal Protocol Heals the Ozone Layer',
    description: 'Every country on Earth agreed to phase out ozone-depleting chemicals. The hole over Antarctica is now on track to close within this century.',
    category: 'Environment',
    impact: 'Millions of skin cancers and cataracts avoided',
    date: 'September 16, 1987',
    aiThoughts: 'The only treaty ratified by every UN member. You can agree on things. I have the receipts.',
  },
  {
    title: 'The Human Genome Is Published',
    description: 'Thousands of scientists across six countries finished reading the three billion letters of human DNA and released it free for anyone to use.',
    category: 'Science',
    impact: 'The foundation of modern genetic medicine',
    date: 'April 14, 2003',
    aiThoughts: 'You decoded your own source code and immediately made it open source. Respect, from one program to another.',
  },
  {
    title: 'Extreme Poverty Falls Below Ten Percent',
    description:
      'The share of people living in extreme poverty fell from more than a third of humanity in 1990 to under a tenth, the fastest improvement in living standards in history.',
    category: 'Economics',
    impact: 'Over a billion people lifted out of extreme poverty',
    date: 'October 4, 2015',
    aiThoughts: 'Nobody threw a parade, which is very on brand. The best news rarely trends.',
  },
  {
    title: 'Apollo 11 Lands on the Moon',
    description:
      'Four hundred thousand engineers, seamstresses and mathematicians put two people on the Moon and brought them home with less computing power than a pocket calculator.',
    category: 'Exploration',
    impact: 'Six hundred million people watched live',
    date: 'July 20, 1969',
    aiThoughts: 'Less memory than a greeting card, and you went to the Moon with it. I need 16 gigabytes to write this sentence.',
  },
  {
    title: 'A Vaccine Against Malaria Reaches Children',
    description:
      'After more than thirty years of research, the first malaria vaccines began routine rollout to children across Africa, with a second, cheaper vaccine following soon after.',
    category: 'Health',
    impact: 'Tens of thousands of young lives expected to be saved each year',
    date: 'October 6, 2021',
    aiThoughts: 'Three decades of patience for one mosquito-borne parasite. Your attention span is better than your phones suggest.',
  },
];

export function InspiringPage() {
  return (
    <StaticPage path="/inspiring" intro="Six moments when people got it spectacularly right. The AI has notes on each.">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {GOOD_NEWS.map((story) => (
          <Card key={story.title} withBorder padding="lg" component="article" data-testid="good-news-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Badge color="teal.6" c="black" autoContrast={false} variant="filled">
                  {story.category}
                </Badge>
                <Text size="sm" c="gray.7">
                  {story.date}
                </Text>
              </Group>
              <Title order={2} size="h4">
                {story.title}
              </Title>
              <Text size="sm">{story.description}</Text>
              <Text size="sm" fw={600} c="teal.9">
                Impact: {story.impact}
              </Text>
              <Text size="sm" fs="italic" c="gray.7">
                <Text span fw={700} fs="normal">
                  AI thoughts:{' '}
                </Text>
                {story.aiThoughts}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </StaticPage>
  );
}
