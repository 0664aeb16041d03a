import { Alert, Anchor, Box, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { HydrateWhenIdle } from '../components/HydrateWhenIdle';
import { useSiteOrigin } from '../app/server-context';
import { ARTICLE_IMAGE_SIZES, articleMeta, articleNotFoundMeta, formatLongDate, stripTags } from '@ai-mind/contracts/web';
import { AD_SIZES, AD_SLOT_IDS, AdSlot } from '../features/ads/components/AdSlot';
import { ArticleContent } from '../features/articles/components/ArticleContent';
import { ArticleImage } from '../features/articles/components/ArticleImage';
import { CategoryBadge } from '../features/articles/components/CategoryBadge';
import { useArticle } from '../features/articles/hooks/use-articles';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';
import { ChatLauncher } from '../features/chat/components/ChatLauncher';
import { CommentsSection } from '../features/comments/components/CommentsSection';
import { FollowForm } from '../features/follows/components/FollowForm';
import { ArticleNotes } from '../features/corrections/components/ArticleNotes';
import { ErrorReportForm } from '../features/error-reports/components/ErrorReportForm';
import { ArticleEngagement } from '../features/interactions/components/ArticleEngagement';
import { ArticleLabel, ArticleSources, HowThisWasMade } from '../features/provenance/components/ArticleRecord';
import { AiGradeLabel } from '../features/provenance/components/AiGradeLabel';
import { ClaimNotes } from '../features/claims/components/ClaimNotes';
import { ClaimPopover } from '../features/claims/components/ClaimPopover';
import { LatestUpdate, StoryLink } from '../features/stories/components/ArticleStoryBanner';

export function ArticlePage() {
  const { slug = '' } = useParams();
  const { data: article, isLoading, error } = useArticle(slug);
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  usePageMeta(article ? articleMeta(article, origin) : article === null ? articleNotFoundMeta(pathname) : null);

  if (isLoading) {
    return (
      <Stack maw={820} mx="auto" data-testid="article-skeleton" aria-busy="true" aria-label="Loading article">
        <Skeleton h={20} w="30%" />
        <Skeleton h={44} />
        <Skeleton h={360} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Failed to fetch articles">
        {error.message}
      </Alert>
    );
  }
  if (!article) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>Article Not Found</Title>
        <Text c="gray.7">The article may have been moved or removed.</Text>
        <Button component={Link} to="/">
          Return Home
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={820} mx="auto">
      <Anchor component={Link} to="/" size="sm">
        ← Back to Articles
      </Anchor>
      <Box component="article">
        <Stack gap="md">
          <Group>
            <CategoryBadge category={article.category} />
            <Text size="sm" c="gray.7" component="time" dateTime={article.createdAt}>
              {formatLongDate(article.createdAt)}
            </Text>
          </Group>
          <Title order={1}>{article.title}</Title>
          <LatestUpdate notes={article.corrections} />
          <StoryLink articleId={article.id} />
          {article.provenance?.grade && <AiGradeLabel grade={article.provenance.grade} />}
          {article.provenance && <ArticleLabel provenance={article.provenance} />}
          <ArticleImage
            src={article.imageUrl}
            alt={article.title}
            radius="md"
            mah={460}
            fit="cover"
            style={{ aspectRatio: '1200 / 630' }}
            sizes={ARTICLE_IMAGE_SIZES}
            priority
          />
          <ArticleEngagement key={article.id} article={{ ...article, text: stripTags(article.content) }} />
          {/* Text and links only: its server HTML is the page until the browser is idle. */}
          <Suspense fallback={null}>
            <HydrateWhenIdle>
              <ArticleContent content={article.content} />
            </HydrateWhenIdle>
          </Suspense>
          {article.corrections.length > 0 && <ArticleNotes notes={article.corrections} />}
          {article.aiCommentary && (
            // A note, not an alert: it is part of the page, and screen readers must not announce it on every load.
            <Alert variant="light" color="indigo" title="AI commentary" role="note">
              <Text size="sm">{article.aiCommentary}</Text>
            </Alert>
          )}
          {article.claims && article.claims.length > 0 && <ClaimNotes articleId={article.id} claims={article.claims} />}
          {article.provenance?.sources && article.provenance.sources.length > 0 && <ArticleSources sources={article.provenance.sources} />}
          {article.provenance && <HowThisWasMade provenance={article.provenance} />}
          {article.sourceUrl && (
            <Anchor href={article.sourceUrl} target="_blank" rel="noopener noreferrer">
              Original Source
            </Anchor>
          )}
          <FollowForm target={{ article: article.slug }} />
          <ErrorReportForm articleId={article.id} claimIds={article.claims?.map((claim) => claim.id)} />
        </Stack>
      </Box>
      <Divider my="md" />
      <Suspense fallback={null}>
        <HydrateWhenIdle>
          <CommentsSection articleId={article.id} commentCount={article.comments}>
            <AdSlot slotId={AD_SLOT_IDS.comments} size={AD_SIZES.comments} data-placement="comments" />
          </CommentsSection>
        </HydrateWhenIdle>
      </Suspense>
      {article.claims && article.claims.length > 0 && <ClaimPopover key={article.id} claims={article.claims} />}
      <ChatLauncher key={article.id} article={{ id: article.id, title: article.title }} />
    </Stack>
  );
}
