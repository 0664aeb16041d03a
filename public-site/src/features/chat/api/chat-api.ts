import { callApi } from '@ai-mind/ui';
import { api, type ChatRequest, type ChatSummaryRequest } from '@ai-mind/contracts/web';

export const sendChatMessage = (body: ChatRequest) => callApi(api.chat.send, { body });
export const summarizeChat = (body: ChatSummaryRequest) => callApi(api.chat.summary, { body });
