import { ancestorsOf, schemaOrgProblems, schemaOrgVocabulary } from './schema-org.js';

describe('the schema.org vocabulary checker', () => {
  it('reads the classes, members and properties from schema.org definitions', () => {
    const vocabulary = schemaOrgVocabulary();
    expect(vocabulary.parents.size).toBeGreaterThan(500);
    expect([...ancestorsOf('AnalysisNewsArticle')]).toEqual(expect.arrayContaining(['NewsArticle', 'Article', 'CreativeWork', 'Thing']));
    expect(vocabulary.members.get('TrainedAlgorithmicMediaDigitalSource')).toEqual(new Set(['IPTCDigitalSourceEnumeration']));
    expect(vocabulary.properties.get('backstory')?.domain).toEqual(new Set(['Article']));
  });

  it('passes a node that keeps to the vocabulary', () => {
    expect(
      schemaOrgProblems({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'A',
        datePublished: '2024-01-05T09:00:00.000Z',
        digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
        publisher: { '@type': 'NewsMediaOrganization', name: 'X', masthead: 'https://x.example/masthead' },
      }),
    ).toEqual([]);
  });

  it('names each way a node breaks it', () => {
    const problems = schemaOrgProblems({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headlin: 'misspelt',
      masthead: 'https://x.example/masthead',
      digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaSource',
      datePublished: 'yesterday',
      author: { '@type': 'Bird', name: 'x' },
      editor: { '@type': 'Organization', name: 'not a person' },
      publisher: { '@id': 'https://x.example/#nobody' },
    });
    expect(problems).toEqual([
      '$.headlin: not a schema.org property',
      '$.masthead: not a property of Article (its domain: NewsMediaOrganization)',
      '$.digitalSourceType: "https://schema.org/TrainedAlgorithmicMediaSource" is none of IPTCDigitalSourceEnumeration',
      '$.datePublished: "yesterday" is none of Date, DateTime',
      '$.author: a Bird is none of Organization, Person',
      '$.author: @type Bird is not a schema.org type',
      '$.editor: a Organization is none of Person',
      '$.publisher: refers to https://x.example/#nobody, which no node of these documents has',
    ]);
  });

  it('resolves @id references between the blocks of a page', () => {
    const organization = { '@context': 'https://schema.org', '@type': 'NewsMediaOrganization', '@id': 'https://x.example/#org', name: 'X' };
    const site = { '@context': 'https://schema.org', '@type': 'WebSite', name: 'X', publisher: { '@id': 'https://x.example/#org' } };
    expect(schemaOrgProblems([site, organization])).toEqual([]);
    expect(schemaOrgProblems([{ ...site, about: { '@id': 'https://x.example/#org' } }, organization])).toEqual([]);
    expect(schemaOrgProblems([{ ...site, character: { '@id': 'https://x.example/#org' } }, organization])).toEqual([
      '$[0].character: a NewsMediaOrganization is none of Person',
    ]);
  });
});
