import { callApi } from '@ai-mind/ui';
import { publicApi, type ContactRequest } from '@ai-mind/contracts/web';

export const sendContactMessage = (body: ContactRequest) => callApi(publicApi.sendContactMessage, { body });
