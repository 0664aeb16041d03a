import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PUBLIC_ROUTES } from '@ai-mind/contracts/web';
import { DeferredTooltip } from '../../../components/DeferredTooltip';
import { SearchIcon } from '../../../components/icons';
import './header-search.css';

/** Searches are the home page's (the route table's) with this query parameter, which its server render reads. */
const SEARCH_PATH = PUBLIC_ROUTES.find((route) => route.page === 'home')!.path;
const SEARCH_PARAM = 'search';

/** Where a search goes: the home page, reloaded, with the trimmed and URL-encoded term. */
export function searchUrl(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `${SEARCH_PATH}?${SEARCH_PARAM}=${encodeURIComponent(trimmed)}` : null;
}

function reloadAt(url: string): void {
  window.location.assign(url);
}

/**
 * docs/product.md#pages: an icon toggles an inline input; an empty or whitespace-only term does nothing.
 * A real form (GET to the search page): without JavaScript, the input and a submit button inside
 * <noscript> are shown instead of the toggle, and the browser refuses a blank term (`pattern`).
 */
export function HeaderSearch({ navigate = reloadAt }: { navigate?: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = searchUrl(term);
    if (url) navigate(url);
  };

  return (
    <Group gap={4} wrap="nowrap" renderRoot={(props) => <form {...props} role="search" action={SEARCH_PATH} method="get" onSubmit={submit} />}>
      {open && (
        <TextInput
          name={SEARCH_PARAM}
          aria-label="Search articles"
          placeholder="Search articles..."
          size="xs"
          w={{ base: 140, sm: 200 }}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          autoFocus
        />
      )}
      <noscript>
        <input
          className="header-search-fallback"
          type="search"
          name={SEARCH_PARAM}
          aria-label="Search articles"
          placeholder="Search articles..."
          required
          pattern=".*\S.*"
        />
        <button className="header-search-fallback-submit" type="submit" aria-label="Search">
          <SearchIcon />
        </button>
      </noscript>
      <DeferredTooltip label={open ? 'Close search' : 'Search'}>
        <ActionIcon
          className="header-search-toggle"
          variant="subtle"
          color="dark"
          size="lg"
          aria-label={open ? 'Close search' : 'Search'}
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <SearchIcon />
        </ActionIcon>
      </DeferredTooltip>
    </Group>
  );
}
