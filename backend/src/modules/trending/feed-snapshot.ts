import type { FeedItem } from './topic-clustering.js';

/**
 * The embedded default source of trending topics: a bundled snapshot of headlines from five fictional
 * outlets, written for this product, so a fresh start without configured feeds has real topics to
 * curate offline. Several outlets cover the same stories, the way real feeds do.
 */
const LEDGER = 'The Daily Ledger';
const WIRE = 'Global Wire';
const CURRENT = 'Tech Current';
const CIVIC = 'Civic Post';
const MARKETS = 'Markets Desk';

function item(source: string, path: string, publishedAt: string, title: string, summary: string): FeedItem {
  const host = source.toLowerCase().replace(/^the /, '').replace(/\s+/g, '');
  return { source, title, link: `https://${host}.example/${path}`, summary, publishedAt };
}

export const FEED_SNAPSHOT_ITEMS: FeedItem[] = [
  // Central bank holds rates (5 outlets)
  item(
    MARKETS,
    'central-bank-holds-rates',
    '2026-11-20T14:05:00Z',
    'Central bank holds interest rates steady as inflation cools',
    'Policymakers kept the benchmark interest rate unchanged for a third meeting, citing cooling inflation but a still-tight labour market.',
  ),
  item(
    LEDGER,
    'economy/rates-unchanged',
    '2026-11-20T14:20:00Z',
    'Interest rates left unchanged as central bank waits on inflation data',
    'The central bank held interest rates and signalled that cuts depend on inflation falling further next year.',
  ),
  item(
    WIRE,
    'business/central-bank-rates-hold',
    '2026-11-20T15:00:00Z',
    'Central bank keeps interest rates on hold, hints at cuts in spring',
    'Markets rallied after the central bank held interest rates and its governor hinted at cuts if inflation keeps easing.',
  ),
  item(
    CIVIC,
    'money/what-rate-hold-means',
    '2026-11-20T16:30:00Z',
    'What the central bank interest rate hold means for mortgages',
    'Homeowners on variable mortgages get no relief yet after the central bank kept interest rates steady.',
  ),
  item(
    CURRENT,
    'fintech-lenders-rates',
    '2026-11-20T17:10:00Z',
    'Fintech lenders brace as central bank holds interest rates',
    'Digital lenders say the central bank decision to hold interest rates keeps their funding costs high.',
  ),

  // Climate summit deal (4)
  item(
    WIRE,
    'world/climate-summit-adaptation-fund',
    '2026-11-19T09:00:00Z',
    'Climate summit agrees adaptation fund for vulnerable nations',
    'Negotiators at the climate summit agreed a fund to help vulnerable nations adapt to floods, drought and heatwaves.',
  ),
  item(
    LEDGER,
    'world/summit-climate-fund-deal',
    '2026-11-19T10:15:00Z',
    'Climate summit ends with adaptation fund deal after all-night talks',
    'After all-night talks, the climate summit produced an adaptation fund deal, though pledges fall short of what nations asked.',
  ),
  item(
    CIVIC,
    'climate-adaptation-fund-critics',
    '2026-11-19T12:40:00Z',
    'Critics say climate summit adaptation fund is too small',
    'Campaigners welcomed the climate summit adaptation fund but said the pledged sums are a fraction of what vulnerable nations need.',
  ),
  item(
    MARKETS,
    'climate-fund-insurers',
    '2026-11-19T13:30:00Z',
    'Insurers weigh climate summit adaptation fund',
    'Insurers see the climate summit adaptation fund as a step toward covering flood and drought risk in vulnerable nations.',
  ),

  // AI chip export rules (4)
  item(
    CURRENT,
    'policy/ai-chip-export-rules',
    '2026-11-20T08:00:00Z',
    'New export rules tighten sales of advanced AI chips',
    'Regulators published export rules that restrict sales of the most advanced AI chips and the tools used to make them.',
  ),
  item(
    WIRE,
    'tech/ai-chip-export-curbs',
    '2026-11-20T09:30:00Z',
    'AI chip export curbs widen to chipmaking tools',
    'The new export rules on advanced AI chips now also cover chipmaking tools, widening earlier curbs.',
  ),
  item(
    MARKETS,
    'semiconductor-shares-export-rules',
    '2026-11-20T11:00:00Z',
    'Semiconductor shares slip on AI chip export rules',
    'Chipmakers fell as investors weighed how far the new AI chip export rules will dent overseas sales.',
  ),
  item(
    LEDGER,
    'tech/chip-export-rules-allies',
    '2026-11-20T12:45:00Z',
    'Allies asked to match new AI chip export rules',
    'Officials want allies to adopt matching AI chip export rules so that the curbs cannot be sidestepped.',
  ),

  // Election turnout / postal voting (3)
  item(
    CIVIC,
    'politics/postal-voting-record',
    '2026-11-18T07:30:00Z',
    'Postal voting hits record ahead of regional elections',
    'Election officials report record postal voting applications ahead of the regional elections, with early voting also up.',
  ),
  item(
    LEDGER,
    'politics/regional-elections-postal-votes',
    '2026-11-18T09:10:00Z',
    'Regional elections: record postal voting strains counting staff',
    'Counting staff warn that record postal voting in the regional elections could delay results by a day.',
  ),
  item(
    WIRE,
    'politics/early-voting-regional-elections',
    '2026-11-18T10:00:00Z',
    'Early and postal voting surge in regional elections',
    'Turnout in early and postal voting surged in the regional elections, which analysts link to new online applications.',
  ),

  // Four-day week trial (3)
  item(
    LEDGER,
    'work/four-day-week-trial-results',
    '2026-11-17T08:00:00Z',
    'Four-day week trial: most firms keep shorter hours',
    'Most companies in the national four-day week trial say they will keep shorter hours after productivity held up.',
  ),
  item(
    MARKETS,
    'four-day-week-productivity',
    '2026-11-17T09:20:00Z',
    'Four-day week trial finds productivity held steady',
    'The four-day week trial found productivity held steady while sick days fell, according to the final report.',
  ),
  item(
    CIVIC,
    'four-day-week-public-sector',
    '2026-11-17T11:45:00Z',
    'Unions push public sector to follow four-day week trial',
    'Unions want the public sector to follow the private firms that kept the four-day week after the trial.',
  ),

  // Streaming price rises (3)
  item(
    CURRENT,
    'streaming-price-rises',
    '2026-11-16T15:00:00Z',
    'Streaming services raise subscription prices again',
    'Three major streaming services raised subscription prices this month, the second rise in a year.',
  ),
  item(
    LEDGER,
    'culture/streaming-subscription-prices',
    '2026-11-16T16:10:00Z',
    'Viewers cancel as streaming subscription prices rise',
    'Surveys suggest viewers are cancelling or rotating streaming subscriptions as prices rise again.',
  ),
  item(
    CIVIC,
    'culture/streaming-prices-ad-tiers',
    '2026-11-16T18:00:00Z',
    'Streaming price rises push viewers toward ad tiers',
    'Rising streaming subscription prices are pushing viewers to cheaper plans with advertising.',
  ),

  // Ceasefire talks (2)
  item(
    WIRE,
    'world/ceasefire-talks-resume',
    '2026-11-20T06:00:00Z',
    'Ceasefire talks resume with aid corridor on the table',
    'Mediators said ceasefire talks resumed, with a humanitarian aid corridor the first item on the agenda.',
  ),
  item(
    LEDGER,
    'world/aid-corridor-ceasefire',
    '2026-11-20T07:40:00Z',
    'Humanitarian aid corridor proposed as ceasefire talks resume',
    'A humanitarian aid corridor was proposed as ceasefire talks resumed under international mediation.',
  ),

  // Museum repatriation (2)
  item(
    CIVIC,
    'culture/museum-returns-artefacts',
    '2026-11-15T10:00:00Z',
    'National museum agrees to return looted artefacts',
    'The national museum agreed to return a collection of looted artefacts after a decade of requests.',
  ),
  item(
    WIRE,
    'culture/looted-artefacts-returned',
    '2026-11-15T12:30:00Z',
    'Looted artefacts to be returned by national museum',
    'Curators will return the looted artefacts next year in a ceremony at the national museum.',
  ),

  // Housing starts (2)
  item(
    MARKETS,
    'housing-starts-fall',
    '2026-11-14T13:00:00Z',
    'Housing starts fall to a three-year low',
    'Builders started the fewest homes in three years as high borrowing costs squeezed housing developers.',
  ),
  item(
    LEDGER,
    'economy/housing-starts-low',
    '2026-11-14T14:30:00Z',
    'Housing starts slump as builders cite borrowing costs',
    'Housing starts slumped to a three-year low, and builders blamed borrowing costs and planning delays.',
  ),

  // Single stories
  item(
    CURRENT,
    'quantum-error-correction',
    '2026-11-19T16:00:00Z',
    'Quantum computer passes error-correction milestone',
    'Researchers say their quantum processor corrected its own errors faster than they appeared, a long-sought milestone.',
  ),
  item(
    CIVIC,
    'city-bans-cars-centre',
    '2026-11-18T08:15:00Z',
    'City council votes to close the old town to cars',
    'The council voted to close the old town to private cars on weekends from spring, after a year-long pilot.',
  ),
  item(
    WIRE,
    'science/heatwave-record-ocean',
    '2026-11-17T07:00:00Z',
    'Ocean heatwave breaks temperature records',
    'Sea surface temperatures broke records across the basin, stressing coral reefs and fisheries.',
  ),
  item(
    CURRENT,
    'smartphone-repair-law',
    '2026-11-15T09:00:00Z',
    'Right-to-repair law covers smartphone batteries',
    'A new right-to-repair law requires smartphone makers to make batteries replaceable by owners.',
  ),
  item(
    MARKETS,
    'oil-prices-supply',
    '2026-11-13T15:45:00Z',
    'Oil prices climb on supply cut pledge',
    'Oil prices climbed after producers pledged to cut supply through the first quarter.',
  ),
];
