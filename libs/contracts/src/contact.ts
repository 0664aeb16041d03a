import { z } from './zod.js';

export * from './contact.constants.js';

/** The public contact form (docs/product.md #pages, #validation and #calls). `website` is a honeypot people never see. */
export const ContactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'must be at most 200 characters'),
  email: z.string().trim().max(320, 'must be at most 320 characters').pipe(z.email('Please enter a valid email address')),
  subject: z.string().trim().min(1, 'Subject is required').max(300, 'must be at most 300 characters'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'must be at most 5,000 characters'),
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;
