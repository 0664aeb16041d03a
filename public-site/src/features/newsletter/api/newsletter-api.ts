import { apiRequest } from '@ai-mind/ui';
import type { MessageResponse, NewsletterRequest } from '@ai-mind/contracts';

export const subscribeToNewsletter = (body: NewsletterRequest) => apiRequest<MessageResponse>('/api/newsletter', { method: 'POST', body });
