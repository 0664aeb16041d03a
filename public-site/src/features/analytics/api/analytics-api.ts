import { callApi } from '@ai-mind/ui';
import { publicApi, type PageViewRequest } from '@ai-mind/contracts/web';

export const sendPageView = (body: PageViewRequest) => callApi(publicApi.recordPageView, { body });
