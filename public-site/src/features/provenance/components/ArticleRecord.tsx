import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { articleLabel, editedSharePhrase, formatLongDate, type PublicArticleSource, type PublicProvenance } from '@ai-mind/contracts/web';
import { GradeChecks } from './AiGradeLabel';
import '../../../components/disclosure.css';
import './article-record.css';

/** The element id of source `n`, which the body's reference marker `[n]` links to. */
export const sourceAnchor = (number: number) => `source-${number}`;

/** The short label under the title: who wrote it from how many sources, who published it and when. */
export function ArticleLabel({ provenance }: { provenance: PublicProvenance }) {
  return (
    <Text size="sm" c="gray.7" data-testid="article-label">
      {`${articleLabel(provenance)}.`}
    </Text>
  );
}

function SourceItem({ source }: { source: PublicArticleSource }) {
  const title = source.title || source.link || `Source ${source.number}`;
  return (
    <List.Item id={sourceAnchor(source.number)} data-testid="article-source">
      {source.outlet && <Text span fw={600}>{`${source.outlet}: `}</Text>}
      {source.link ? (
        <Anchor href={source.link} target="_blank" rel="noopener noreferrer nofollow">
          {title}
        </Anchor>
      ) : (
        <Text span>{title}</Text>
      )}
      {source.publishedAt && (
        <Text span c="gray.7">
          {' '}
          (<time dateTime={source.publishedAt}>{formatLongDate(source.publishedAt)}</time>)
        </Text>
      )}
    </List.Item>
  );
}

/** The numbered sources the article was written from, each the target of its reference markers. */
export function ArticleSources({ sources }: { sources: PublicArticleSource[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="article-sources-title">
      <Title order={2} size="h4" id="article-sources-title">
        Sources
      </Title>
      <List type="ordered" size="sm" spacing={4}>
        {sources.map((source) => (
          <SourceItem key={source.number} source={source} />
        ))}
      </List>
    </Stack>
  );
}

function fetchedLine(source: PublicArticleSource): string {
  const name = source.outlet || source.title || source.link || `Source ${source.number}`;
  if (source.fetchedAt) return `[${source.number}] ${name}: page read on ${new Date(source.fetchedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (source.fetchStatus === 'bundled') return `[${source.number}] ${name}: the page text bundled with the feed snapshot`;
  return `[${source.number}] ${name}: only the feed's headline and summary (the page could not be read)`;
}

/**
 * "How this was made": engine or model, prompt version, when each source was read, how much editors
 * changed of the AI's draft and the claim check, with what is not on record said as such. A
 * `<details>` element, so it opens and closes without scripts.
 */
export function HowThisWasMade({ provenance }: { provenance: PublicProvenance }) {
  const rows: [string, string][] = [];
  if (provenance.engine) rows.push(['Written by', provenance.engine]);
  if (provenance.promptVersion) rows.push(['Prompt version', provenance.promptVersion]);
  if (provenance.reviewedBy) rows.push(['Reviewed and published by', provenance.reviewedBy]);
  if (provenance.publishedAt) rows.push(['Published', formatLongDate(provenance.publishedAt)]);
  if (provenance.editedShare !== null) rows.push(["Editors changed of the AI's draft", editedSharePhrase(provenance.editedShare)]);
  if (provenance.claims) {
    const { checked, flagged, overridden } = provenance.claims;
    rows.push(['Claims checked against the sources', `${checked} checked, ${flagged} flagged, ${overridden} published over by an editor`]);
  }
  // Fewer independent outlets than the newsroom requires: the editor's reason for writing it anyway (docs/independent-sources.md).
  const single = provenance.grade.singleSource;
  if (single) rows.push(["Approved as single-source; the editor's note", single.note]);
  return (
    <details className="disclosure how-this-was-made" data-testid="how-this-was-made">
      <summary>How this was made</summary>
      <Stack gap="xs" mt="xs">
        <dl>
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {provenance.grade && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>{`AI involvement: ${provenance.grade.label}`}</Text>
            <GradeChecks grade={provenance.grade} />
          </Stack>
        )}
        {provenance.sources && provenance.sources.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              When each source was read
            </Text>
            {provenance.sources.map((source) => (
              <Text key={source.number} size="sm">
                {fetchedLine(source)}
              </Text>
            ))}
          </Stack>
        )}
        {provenance.unknown.length > 0 && (
          <Stack gap={2} data-testid="not-on-record">
            <Text size="sm" fw={600}>
              Not on record
            </Text>
            {provenance.unknown.map((line) => (
              <Text key={line} size="sm" c="gray.7">
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </details>
  );
}
