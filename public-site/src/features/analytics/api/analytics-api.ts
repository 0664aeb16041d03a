import { callApi } from '@ai-mind/ui';
import { publicApi, type PageViewRequest } from '@ai-mind/contracts/web';

export const sendPageView = (body: PageViewRequest) => callApi(publicApi.recordPageView, { body });

export const fetchPageViewToken = async (path: string) => (await callApi(publicApi.pageViewToken, { query: { path } })).token;
