import { callApi } from '@ai-mind/ui';
import { api, type ContactRequest } from '@ai-mind/contracts/web';

export const sendContactMessage = (body: ContactRequest) => callApi(api.contact, { body });
