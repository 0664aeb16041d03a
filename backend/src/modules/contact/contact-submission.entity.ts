import { defineEntity, p } from '@mikro-orm/core';

export const ContactSubmissionSchema = defineEntity({
  name: 'ContactSubmission',
  tableName: 'contact_submission',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    email: p.string().length(320),
    subject: p.string().length(300),
    message: p.text(),
    /** An editor has dealt with it. */
    handled: p.boolean().default(false),
    submittedAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
  indexes: [
    {
      name: 'contact_submission_submitted_at_id_index',
      expression: 'create index "contact_submission_submitted_at_id_index" on "contact_submission" ("submitted_at" desc, "id" desc)',
    },
  ],
});

export class ContactSubmission extends ContactSubmissionSchema.class {}
ContactSubmissionSchema.setClass(ContactSubmission);
