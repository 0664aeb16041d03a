import { apiRequest } from '@ai-mind/ui';
import type { MessageResponse, NewsletterSignUp } from '@ai-mind/contracts/web';

export const subscribeToNewsletter = (body: NewsletterSignUp) => apiRequest<MessageResponse>('/api/newsletter', { method: 'POST', body });
