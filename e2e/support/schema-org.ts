/**
 * The schema.org types and properties an article page's JSON-LD uses, with the ranges schema.org
 * gives them (https://schema.org/<Type>, version 29): enough to check each node of a parsed JSON-LD
 * block names a real type, uses only properties of that type (or its parents) and gives each a value
 * of a type in its range. Text, URL, Date and DateTime are checked by form.
 */
type Range = 'Text' | 'URL' | 'Date' | 'DateTime' | string;

const PARENTS: Record<string, string | null> = {
  Thing: null,
  CreativeWork: 'Thing',
  Article: 'CreativeWork',
  NewsArticle: 'Article',
  WebPage: 'CreativeWork',
  WebSite: 'CreativeWork',
  Comment: 'CreativeWork',
  CorrectionComment: 'Comment',
  Organization: 'Thing',
  Person: 'Thing',
};

const PROPERTIES: Record<string, Record<string, Range[]>> = {
  Thing: { name: ['Text'], url: ['URL'], description: ['Text'], image: ['URL', 'ImageObject'], mainEntityOfPage: ['CreativeWork', 'URL'] },
  CreativeWork: {
    headline: ['Text'],
    author: ['Organization', 'Person'],
    editor: ['Person'],
    publisher: ['Organization', 'Person'],
    datePublished: ['Date', 'DateTime'],
    dateModified: ['Date', 'DateTime'],
    keywords: ['Text', 'URL', 'DefinedTerm'],
    isBasedOn: ['CreativeWork', 'Product', 'URL'],
    citation: ['CreativeWork', 'Text'],
    correction: ['CorrectionComment', 'Text', 'URL'],
    text: ['Text'],
  },
  Article: { articleSection: ['Text'], articleBody: ['Text'] },
};

const isA = (type: string, ancestor: string): boolean => type === ancestor || (PARENTS[type] ? isA(PARENTS[type]!, ancestor) : false);

function propertiesOf(type: string): Record<string, Range[]> {
  const own = PROPERTIES[type] ?? {};
  return PARENTS[type] ? { ...propertiesOf(PARENTS[type]!), ...own } : own;
}

function fits(value: unknown, range: Range): boolean {
  if (typeof value === 'string') {
    if (range === 'Text') return true;
    if (range === 'URL') return /^https?:\/\/\S+$/.test(value);
    if (range === 'Date') return /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (range === 'DateTime') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
    return false;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const type = (value as Record<string, unknown>)['@type'];
    return typeof type === 'string' && type in PARENTS && isA(type, range);
  }
  return false;
}

/** Every way the node breaks the vocabulary, as `path: problem` lines (empty when it keeps to it). */
export function schemaOrgProblems(node: Record<string, unknown>, path = '$'): string[] {
  const type = node['@type'];
  if (typeof type !== 'string' || !(type in PARENTS)) return [`${path}: unknown @type ${String(type)}`];
  const properties = propertiesOf(type);
  const problems: string[] = [];
  for (const [key, raw] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const ranges = properties[key];
    if (!ranges) {
      problems.push(`${path}.${key}: not a property of ${type}`);
      continue;
    }
    const values = Array.isArray(raw) ? raw : [raw];
    values.forEach((value, index) => {
      const at = Array.isArray(raw) ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (!ranges.some((range) => fits(value, range))) problems.push(`${at}: ${JSON.stringify(value)} is none of ${ranges.join(', ')}`);
      else if (value && typeof value === 'object') problems.push(...schemaOrgProblems(value as Record<string, unknown>, at));
    });
  }
  return problems;
}
