import { defineEntity, p, type Opt } from '@mikro-orm/core';

/** An actor (its id URL) or a whole server (its host name) whose activities the inbox drops and whose replies never become comments. */
export const FediverseBlockSchema = defineEntity({
  name: 'FediverseBlock',
  tableName: 'fediverse_block',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.string().length(10).$type<'actor' | 'domain'>(),
    value: p.string().length(1000),
    createdAt: p.datetime().defaultRaw('now()'),
    createdBy: p.string().length(100).$type<Opt<string>>(),
  },
  uniques: [{ name: 'fediverse_block_kind_value_unique', properties: ['kind', 'value'] }],
  checks: [
    { name: 'fediverse_block_kind_check', expression: `kind in ('actor', 'domain')` },
    { name: 'fediverse_block_value_check', expression: `char_length(value) > 0` },
  ],
});

export class FediverseBlock extends FediverseBlockSchema.class {}
FediverseBlockSchema.setClass(FediverseBlock);
