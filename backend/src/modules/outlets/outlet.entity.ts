import { defineEntity, p } from '@mikro-orm/core';

/**
 * An outlet on the owner's list: who owns it (outlets of one owner count as one independent outlet)
 * and the side the operator files it under, if any. The site ships no ratings of its own.
 */
export const OutletSchema = defineEntity({
  name: 'Outlet',
  tableName: 'outlet',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** As the feeds name it (trending keeps each item's outlet by that name); unique without regard to case. */
    name: p.string().length(200),
    owner: p.string().length(200),
    /** The operator's own label ("left", "right", "state", ...); null for none. */
    side: p.string().length(40).nullable(),
    notes: p.text().default(''),
    updatedAt: p.datetime().defaultRaw('now()'),
    /** The account that changed it last (its username), or `seed` / `sql:<role>`. */
    updatedBy: p.string().length(100),
  },
  indexes: [
    {
      name: 'outlet_name_unique',
      expression: 'create unique index "outlet_name_unique" on "outlet" (lower(btrim("name")))',
    },
  ],
  // As PostgreSQL prints them (the schema-drift spec compares), i.e. "between 1 and 200" spelled out.
  checks: [
    { name: 'outlet_name_check', expression: '((char_length(btrim((name)::text)) >= 1) AND (char_length(btrim((name)::text)) <= 200))' },
    { name: 'outlet_owner_check', expression: '((char_length(btrim((owner)::text)) >= 1) AND (char_length(btrim((owner)::text)) <= 200))' },
    { name: 'outlet_side_check', expression: '((side IS NULL) OR ((char_length(btrim((side)::text)) >= 1) AND (char_length(btrim((side)::text)) <= 40)))' },
    { name: 'outlet_notes_check', expression: 'char_length(notes) <= 2000' },
  ],
});

export class Outlet extends OutletSchema.class {}
OutletSchema.setClass(Outlet);
