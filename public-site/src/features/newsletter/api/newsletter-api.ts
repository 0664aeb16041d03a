import { apiRequest } from '@ai-mind/ui';
import type { MessageResponse, NewsletterRequest } from '@ai-mind/contracts/web';

export const subscribeToNewsletter = (body: NewsletterRequest) => apiRequest<MessageResponse>('/api/newsletter', { method: 'POST', body });
