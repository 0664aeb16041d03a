import { callApi } from '@ai-mind/ui';
import { publicApi, type NewsroomTextKey, type PublicNewsroomPage } from '@ai-mind/contracts/web';

/** One of the newsroom's published promises, as the API answers it (sanitized HTML, the masthead's people). */
export function fetchNewsroomPage(key: NewsroomTextKey): Promise<PublicNewsroomPage> {
  return callApi(publicApi.newsroomPage, { params: { page: key } });
}
