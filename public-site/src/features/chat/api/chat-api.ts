import { callApi } from '@ai-mind/ui';
import { publicApi, type ChatRequest, type ChatSummaryRequest } from '@ai-mind/contracts/web';

export const sendChatMessage = (body: ChatRequest) => callApi(publicApi.chat.send, { body });
export const summarizeChat = (body: ChatSummaryRequest) => callApi(publicApi.chat.summary, { body });
