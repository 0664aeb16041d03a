export {
  ApiError,
  apiRequest,
  callApi,
  configureApi,
  serverMessage,
  setCsrfToken,
  type ApiRequestOptions,
  type CallOptions,
  type ServerErrorField,
} from './api';
export { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_FOCUS_KEY, NOTIFICATION_LIMIT, NOTIFICATION_SWIPE_THRESHOLD_PX } from './notification-area';
export { AppProviders } from './providers';
export { BaseProviders } from './base-providers';
export { createQueryClient } from './query-client';
export { SCROLL_HIDE_DELAY_MS, theme, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './theme';
export { HYDRATION_ERROR_PREFIX, reportHydrationError, useAdoptedForm, type AdoptedForm } from './hydration';
