import { Alert, Anchor, Group, List, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { formatLongDate, NEWSROOM_TEXT_KEYS, NEWSROOM_TEXTS, newsroomKeyOfPath, newsroomPageMeta, type NewsroomTextKey } from '@ai-mind/contracts/web';
import { useNewsroomPage } from '../features/newsroom/hooks/use-newsroom';
import { usePageMeta } from '../features/seo/hooks/use-page-meta';

/**
 * One of the newsroom's published promises at its stable URL (NEWSROOM_PAGES): the owner's text, and
 * on the masthead the people who agreed to be named (name and title, nothing else). Rendered whole on
 * the server; links to the other promises below it.
 */
export function NewsroomPage() {
  const key: NewsroomTextKey = newsroomKeyOfPath(useLocation().pathname) ?? 'publishingPrinciples';
  usePageMeta(newsroomPageMeta(key));
  const { data: page, isLoading, error } = useNewsroomPage(key);
  return (
    <Stack gap="lg" maw={900} mx="auto" component="article" data-testid="newsroom-page" data-page={key}>
      <div>
        <Title order={1}>{NEWSROOM_TEXTS[key].title}</Title>
        {page?.updatedAt && (
          <Text size="sm" c="gray.7" mt="xs">
            Last updated <time dateTime={page.updatedAt}>{formatLongDate(page.updatedAt)}</time>
          </Text>
        )}
      </div>
      {isLoading && <Skeleton h={160} aria-label="Loading" />}
      {error && (
        <Alert color="red" title="Failed to load this page">
          {error.message}
        </Alert>
      )}
      {page && (
        <Typography>
          {/* Sanitized by the API (sanitizeNewsroomHtml) as it is stored and as it is read. */}
          <div data-testid="newsroom-text" dangerouslySetInnerHTML={{ __html: page.html }} />
        </Typography>
      )}
      {page && key === 'masthead' && (
        <section aria-labelledby="masthead-people">
          <Title order={2} size="h3" id="masthead-people" mb="sm">
            People
          </Title>
          {page.members.length === 0 ? (
            <Text>No one has agreed to be named here yet.</Text>
          ) : (
            <List listStyleType="none" spacing="xs" data-testid="masthead-members">
              {page.members.map((member, index) => (
                <List.Item key={`${member.name}-${index}`}>
                  <Text span fw={600}>
                    {member.name}
                  </Text>
                  <Text span c="gray.7">
                    , {member.title}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </section>
      )}
      <Group gap="md" component="nav" aria-label="The newsroom's promises">
        {NEWSROOM_TEXT_KEYS.filter((other) => other !== key).map((other) => (
          <Anchor key={other} component={Link} to={NEWSROOM_TEXTS[other].path} size="sm">
            {NEWSROOM_TEXTS[other].title}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
