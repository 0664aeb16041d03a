import type { TrendingTopic } from '@ai-mind/contracts';

/** A trending topic as the API lists it, with a source link (what an approval sends on). */
export const GRID_TOPIC: TrendingTopic = {
  id: 7,
  topic: 'Grid upgrades stall',
  source: 'Reuters',
  priority: 'high',
  category: 'Technology',
  mentions: 1200,
  trend: 'rising',
  sourceUrl: 'https://example.com/x',
};

/** The panel's tabs, in order, as an owner (who may use every one) sees them. */
export const EVERY_TAB = [
  'Trending Topics',
  'Blog Workflow',
  'Article Management',
  'Comments',
  'Contact Messages',
  'Newsletter',
  'Analytics',
  'Audit',
  'People',
  'Newsroom',
  'Source Changes',
  'Stories',
  'Fediverse',
];
