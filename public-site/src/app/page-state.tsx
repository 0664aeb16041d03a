import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FORM_FLASH_PARAM, type FormFlash, type PageFormId } from '@ai-mind/contracts/web';

/**
 * What the server rendered a page with besides its queries, as the page's data block carries it to
 * the hydrating client: the outcome of a form the reader posted without the scripts, and the article
 * images it knows are missing. Both render the same on each side, so hydration keeps the server's HTML.
 */
export interface PageState {
  flash: FormFlash | null;
  imageMissing: (src: string) => boolean;
}

const PageStateContext = createContext<PageState>({ flash: null, imageMissing: () => false });

/**
 * Provides the page's state; the form outcome belongs to the page it was rendered on, so it is gone
 * once the reader moves to another page (and does not come back with the page).
 */
export function PageStateProvider({ state, children }: { state: PageState; children: ReactNode }) {
  const { pathname } = useLocation();
  const [flash, setFlash] = useState(() => (state.flash ? { pathname, flash: state.flash } : null));
  if (flash && flash.pathname !== pathname) setFlash(null);
  const shown = flash?.pathname === pathname ? flash.flash : null;
  return <PageStateContext.Provider value={{ flash: shown, imageMissing: state.imageMissing }}>{children}</PageStateContext.Provider>;
}

/** The outcome of this form (of this article's, for a comment or a share) the page was rendered with, if any. */
export function useFormFlash(form: PageFormId, articleId?: number): FormFlash | null {
  const { flash } = useContext(PageStateContext);
  return flash && flash.form === form && flash.articleId === articleId ? flash : null;
}

/** Whether the server knows this image is missing (it rendered the fallback in its place). */
export function useImageKnownMissing(src: string | null): boolean {
  const { imageMissing } = useContext(PageStateContext);
  return src ? imageMissing(src) : false;
}

/**
 * The page a posted form comes back to: this page, as the server rendered it (an earlier form's
 * outcome id is left out, so the server's HTML and the hydrating render name the same page).
 */
export function useFormBack(): string {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete(FORM_FLASH_PARAM);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
