import { createContext, useContext } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Permission } from '@ai-mind/contracts';

/** The panel's tabs, each its own path under the panel's base (`/admin` in the shell, `/` deployed alone). */
export const ADMIN_TABS = [
  'trending',
  'workflow',
  'articles',
  'comments',
  'contact',
  'newsletter',
  'analytics',
  'audit',
  'people',
  'newsroom',
  'source-changes',
  'stories',
  'fediverse',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The permission each tab's calls need, as their routes declare it; a role without it does not see the tab. */
export const TAB_PERMISSIONS: Record<AdminTab, Permission> = {
  trending: 'trending.read',
  workflow: 'trending.manage',
  articles: 'articles.draft',
  comments: 'comments.moderate',
  contact: 'contact.read',
  newsletter: 'newsletter.manage',
  analytics: 'analytics.read',
  audit: 'operations.run',
  people: 'people.manage',
  // Owner-only routes (they declare no permission): people.manage is the owner's alone too.
  newsroom: 'people.manage',
  // As the corrections and updates it leads to.
  'source-changes': 'articles.publish',
  // Listing, merging and splitting stories changes what readers see: the publishers'.
  stories: 'articles.publish',
  // Reading the posts of the accounts the site follows and replying as the site are the publishers'; the
  // tab shows an owner the rest (followers, deliveries, moderation, following, blocks: owner-only routes).
  fediverse: 'articles.publish',
};

/** The invitee's page, below the panel's base, where a one-time link (token after `#`) sets a password. */
export const SET_PASSWORD_PATH = 'set-password';

const BaseContext = createContext('');
export const AdminBaseProvider = BaseContext.Provider;

/** Where the panel is: its tab, the article open in the editor (`articles/:id`) and the view's filters (query string). */
export function useAdminLocation() {
  const base = useContext(BaseContext);
  const rest = useParams()['*'] ?? '';
  const [first, second, third] = rest.split('/');
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(first ?? '') ? (first as AdminTab) : 'trending';
  const articleId = tab === 'articles' && second && /^\d+$/.test(second) ? Number(second) : null;
  const articleView: 'edit' | 'history' | null = articleId === null ? null : third === 'history' ? 'history' : 'edit';
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const pathOf = (path: string) => `${base}/${path}`.replace(/\/+$/, '') || '/';
  return {
    tab,
    articleId,
    articleView,
    searchParams,
    /** Opens a view of the panel; its filters come along as the query string. */
    go: (path: string, params?: URLSearchParams) => navigate(`${pathOf(path)}${params && params.size ? `?${params}` : ''}`),
    /** Changes this view's filters in the URL (replacing the entry while typing would be noise in History). */
    setParams: (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(searchParams);
      for (const [key, value] of Object.entries(changes))
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      navigate(`${location.pathname}${next.size ? `?${next}` : ''}`);
    },
    pathOf,
  };
}
