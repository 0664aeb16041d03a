import { callApi } from '@ai-mind/ui';
import { publicApi, type ChatRequest, type ChatSummaryRequest } from '@ai-mind/contracts/web';

export const sendChatMessage = (body: ChatRequest) => callApi(publicApi.chat.sendMessage, { body });
export const summarizeChat = (body: ChatSummaryRequest) => callApi(publicApi.chat.summarizeArticle, { body });
