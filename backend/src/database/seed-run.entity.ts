import { defineEntity, p } from '@mikro-orm/core';

/** One row per seeder that has run, so a seeder runs once per database however often the product starts. */
export const SeedRunSchema = defineEntity({
  name: 'SeedRun',
  tableName: 'seed_run',
  properties: {
    name: p.string().length(100).primary(),
    appliedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SeedRun extends SeedRunSchema.class {}
SeedRunSchema.setClass(SeedRun);
