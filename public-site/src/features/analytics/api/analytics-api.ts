import { callApi } from '@ai-mind/ui';
import { api, type PageViewRequest } from '@ai-mind/contracts/web';

export const sendPageView = (body: PageViewRequest) => callApi(api.pageView, { body });
