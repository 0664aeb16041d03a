import { callApi } from '@ai-mind/ui';
import { publicApi, type NewsletterSignUp } from '@ai-mind/contracts/web';

export const subscribeToNewsletter = (body: NewsletterSignUp) => callApi(publicApi.signUpForNewsletter, { body });
