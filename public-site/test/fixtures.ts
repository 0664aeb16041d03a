import type { ArticleSummary } from '@ai-mind/contracts';
import { articleFixture as article } from '@ai-mind/ui/testing';

export { article };

export function summary(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  const { content: _content, ...rest } = article();
  return { ...rest, excerpt: 'Power Data centres want electricity...', ...overrides };
}

/** `count` list items with distinct ids, slugs and titles. */
export function summaries(count: number, category = 'Technology'): ArticleSummary[] {
  return Array.from({ length: count }, (_, i) => summary({ id: i + 1, slug: `story-${i + 1}`, title: `Story number ${i + 1}`, category }));
}
