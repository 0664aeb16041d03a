import { apiRequest } from '@ai-mind/ui';
import type { ContactRequest, MessageResponse } from '@ai-mind/contracts/web';

export const sendContactMessage = (body: ContactRequest) => apiRequest<MessageResponse>('/api/contact', { method: 'POST', body });
