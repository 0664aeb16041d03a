import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatShortDate, type AdminArticle, type ArticleClaim, type ArticleSource, type ClaimFlag, type SourceFetchStatus } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { MESSAGES } from '../../../lib/messages';
import { useArticleProvenance, usePublishArticle } from '../api/articles-api';
import { ArticleOutletMix } from '../../outlets/components/ArticleOutletMix';

const STATUS_COLOURS: Record<SourceFetchStatus, string> = {
  pending: 'gray',
  fetched: 'green',
  bundled: 'teal',
  feed_only: 'blue',
  blocked: 'red',
  failed: 'orange',
};

const FLAG_LABELS: Record<ClaimFlag, string> = {
  unsupported: 'No source supports it',
  number_mismatch: 'Number differs from the source',
  name_mismatch: 'Name differs from the source',
};

function SourceRow({ source }: { source: ArticleSource }) {
  return (
    <Table.Tr data-testid="provenance-source">
      <Table.Td>[{source.number}]</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {source.outlet}
        </Text>
        {source.link ? (
          <Anchor size="sm" href={source.link} target="_blank" rel="noopener noreferrer">
            {source.title}
          </Anchor>
        ) : (
          <Text size="sm">{source.title}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">{source.publishedAt ? formatShortDate(source.publishedAt) : 'undated'}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[source.fetchStatus]} variant="light">
          {source.fetchStatus.replace('_', ' ')}
        </Badge>
        {source.fetchError && (
          <Text size="xs" c="dimmed">
            {source.fetchError}
          </Text>
        )}
        {source.fetchedAt && (
          <Text size="xs" c="dimmed">
            {source.text ? `${source.text.length.toLocaleString('en-US')} characters, ` : ''}read {formatShortDate(source.fetchedAt)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function ClaimRow({ claim, outlets }: { claim: ArticleClaim; outlets: Map<number, string> }) {
  const open = claim.flags.length > 0 && claim.overriddenBy === null;
  return (
    <Table.Tr data-testid="provenance-claim" data-open={open ? 'true' : 'false'}>
      <Table.Td style={{ width: '45%' }}>
        <Text size="sm">{claim.sentence}</Text>
      </Table.Td>
      <Table.Td style={{ width: '40%' }}>
        {claim.passage ? (
          <Text size="sm" c="dimmed">
            [{claim.sourceNumber}] {outlets.get(claim.sourceNumber!) ?? ''}: “{claim.passage}”
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No source passage shares its words.
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="xs">support {Math.round(claim.score * 100)}%</Text>
          {claim.flags.map((flag) => (
            <Badge key={flag} color={open ? 'red' : 'gray'} variant="light" size="sm">
              {FLAG_LABELS[flag]}
            </Badge>
          ))}
          {claim.overriddenBy && (
            <Text size="xs" c="dimmed">
              Vouched for by {claim.overriddenBy}
              {claim.overriddenAt ? ` on ${formatShortDate(claim.overriddenAt)}` : ''}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * How the article in the editor was made: its frozen sources (with what became of each page), the
 * engine that wrote the draft, and each checked claim beside the passage that supports it, with its
 * flags. A draft with open flags is published from here only by an explicit override.
 */
export function ArticleProvenancePanel({ article }: { article: AdminArticle }) {
  const provenance = useArticleProvenance(article.id);
  const [vouch, setVouch] = useState(false);
  const publish = usePublishArticle({
    onSuccess: (result) => showAlert(result.message),
    onError: (error) => showAlert(MESSAGES.publishFailed(serverMessage(error, error.message, ADMIN_ERROR_FIELDS))),
  });
  if (provenance.isLoading) return <Loader aria-label="Loading the sources" />;
  const data = provenance.data;
  if (!data) return <Text role="alert">Could not load how this article was made.</Text>;
  const outlets = new Map(data.sources.map((source) => [source.number, source.outlet]));
  const claims = data.claims;

  return (
    <Paper withBorder p="lg" data-testid="article-provenance">
      <Stack>
        <Title order={4}>Sources</Title>
        {data.sourcesKnown ? (
          <Table verticalSpacing="xs" data-testid="provenance-sources">
            <Table.Tbody>
              {data.sources.map((source) => (
                <SourceRow key={source.number} source={source} />
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Not written from an approved topic: no source set is known, so its claims are not checked.
          </Text>
        )}
        {data.sourcesKnown && <ArticleOutletMix articleId={article.id} />}
        {data.generation && (
          <Text size="sm" c="dimmed" data-testid="provenance-generation">
            Written by {data.generation.engine === 'offline' ? 'the offline engine' : (data.generation.model ?? data.generation.engine)}
            {data.generation.engine === 'automation' ? ' (automation service)' : ''} with prompt {data.generation.promptVersion ?? 'unknown'} from{' '}
            {data.generation.sourceCount} source{data.generation.sourceCount === 1 ? '' : 's'}, {formatShortDate(data.generation.generatedAt)}.
          </Text>
        )}
        {claims && (
          <>
            <Group justify="space-between">
              <Title order={4}>Claims</Title>
              <Group gap="xs" data-testid="provenance-claim-counts">
                <Badge variant="light">{claims.total} checked</Badge>
                <Badge variant="light" color={claims.open ? 'red' : 'green'}>
                  {claims.open} open
                </Badge>
                {claims.overridden > 0 && (
                  <Badge variant="light" color="gray">
                    {claims.overridden} vouched for
                  </Badge>
                )}
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              Checked {formatShortDate(claims.checkedAt)} against version {claims.articleVersion}; every save checks again.
            </Text>
            <Table verticalSpacing="xs" data-testid="provenance-claims">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sentence</Table.Th>
                  <Table.Th>Best supporting passage</Table.Th>
                  <Table.Th>Check</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {claims.claims.map((claim) => (
                  <ClaimRow key={claim.id} claim={claim} outlets={outlets} />
                ))}
              </Table.Tbody>
            </Table>
            {!article.approved && claims.open > 0 && (
              <Alert color="red" title={`${claims.open} claim${claims.open === 1 ? ' is' : 's are'} not supported by the sources`}>
                <Stack gap="xs">
                  <Text size="sm">
                    Correct them and save, or publish anyway on your word: your name and the time are recorded on each one and in the audit log.
                  </Text>
                  <Checkbox
                    label="I have read the flagged claims and vouch for them"
                    checked={vouch}
                    onChange={(event) => setVouch(event.currentTarget.checked)}
                  />
                  <Group>
                    <Button
                      color="red"
                      disabled={!vouch}
                      loading={publish.isPending}
                      onClick={() => publish.mutate({ id: article.id, version: article.version, overrideClaims: true })}
                    >
                      Publish over {claims.open} open claim{claims.open === 1 ? '' : 's'}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
