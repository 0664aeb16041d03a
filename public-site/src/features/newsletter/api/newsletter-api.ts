import { callApi } from '@ai-mind/ui';
import { api, type NewsletterSignUp } from '@ai-mind/contracts/web';

export const subscribeToNewsletter = (body: NewsletterSignUp) => callApi(api.newsletter, { body });
