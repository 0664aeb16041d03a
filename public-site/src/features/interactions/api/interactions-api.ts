import { apiRequest } from '@ai-mind/ui';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts/web';

export const recordInteraction = (body: InteractionRequest) => apiRequest<InteractionResponse>('/api/interactions', { method: 'POST', body });
