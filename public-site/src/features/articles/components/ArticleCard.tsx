import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, formatShortDate, type ArticleSummary } from '@ai-mind/contracts/web';
import { ArticleEngagement } from '../../interactions/components/ArticleEngagement';
import { ArticleImage } from './ArticleImage';
import { CategoryBadge } from './CategoryBadge';
import { AiGradeLabel } from '../../provenance/components/AiGradeLabel';

export { FALLBACK_IMAGE } from './ArticleImage';

/**
 * docs/product.md#pages: the article card, of a list item: its excerpt is the server's, so the browser carries no
 * HTML entity decoder for it.
 */
export function ArticleCard({ article, priority = false }: { article: ArticleSummary; priority?: boolean }) {
  const href = `/article/${article.slug}`;
  return (
    <Card withBorder padding="lg" component="article" h="100%">
      <Card.Section>
        {/* Covers are 1200 x 630 with the title set on them: show them whole, at any card width. */}
        <ArticleImage src={article.imageUrl} alt="" fit="cover" style={{ aspectRatio: '1200 / 630' }} sizes={CARD_IMAGE_SIZES} priority={priority} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="wrap" gap={6}>
          <CategoryBadge category={article.category} />
          <Text size="sm" c="gray.7" component="time" dateTime={article.createdAt}>
            {formatShortDate(article.createdAt)}
          </Text>
        </Group>
        <Title order={2} size="h4">
          <Link to={href} style={{ color: 'inherit', textDecoration: 'none' }}>
            {article.title}
          </Link>
        </Title>
        {article.aiGrade && <AiGradeLabel grade={article.aiGrade} size="xs" />}
        <Text size="sm" data-testid="card-excerpt">
          {article.excerpt}
        </Text>
        {article.aiCommentary && (
          <Text size="sm" fs="italic" c="gray.7" lineClamp={3}>
            <Text span fw={700} fs="normal">
              AI:{' '}
            </Text>
            {article.aiCommentary}
          </Text>
        )}
        <Group justify="space-between" mt="auto" pt="xs" wrap="wrap" gap="xs">
          <ArticleEngagement article={{ ...article, text: article.excerpt }} />
          <Button component={Link} to={href} variant="light" size="xs">
            Read More
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
