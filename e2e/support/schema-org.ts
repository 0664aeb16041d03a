/**
 * The check of a page's JSON-LD against schema.org's own definitions (classes, enumeration members,
 * property domains and ranges, read from the vocabulary's release file), shared with the unit and
 * backend specs: one checker, not a hand-made list of the terms the pages happen to use.
 */
export { schemaOrgProblems } from '../../libs/contracts/src/testing/schema-org.js';
