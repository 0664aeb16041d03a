import { createContext, useContext } from 'react';
import type { PageMeta } from '@ai-mind/contracts/web';

/** What a server render gives the pages in place of `window`, and how it hears of their metadata. */
export interface ServerRenderContext {
  /** The site's origin as the reader reached it. */
  origin: string;
  /** Called during render with the page's metadata (what usePageMeta applies on the client). */
  onMeta: (meta: PageMeta) => void;
}

export const ServerRender = createContext<ServerRenderContext | null>(null);

/** The site's origin, on the server and in the browser alike. */
export function useSiteOrigin(): string {
  const server = useContext(ServerRender);
  return server ? server.origin : window.location.origin;
}
