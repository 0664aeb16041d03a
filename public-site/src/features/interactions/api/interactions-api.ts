import { callApi } from '@ai-mind/ui';
import { api, type InteractionRequest } from '@ai-mind/contracts/web';

export const recordInteraction = (body: InteractionRequest) => callApi(api.interactions, { body });
