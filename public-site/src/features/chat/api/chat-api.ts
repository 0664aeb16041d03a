import { apiRequest } from '@ai-mind/ui';
import type { ChatRequest, ChatResponse, ChatSummaryRequest } from '@ai-mind/contracts/web';

export const sendChatMessage = (body: ChatRequest) => apiRequest<ChatResponse>('/api/chat', { method: 'POST', body });
export const summarizeChat = (body: ChatSummaryRequest) => apiRequest<ChatResponse>('/api/chat/summary', { method: 'POST', body });
