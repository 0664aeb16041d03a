import { ActionIcon, Group, TextInput } from '@mantine/core';
import { DeferredTooltip } from '../../../components/DeferredTooltip';
import { useState, type FormEvent } from 'react';
import { SearchIcon } from '../../../components/icons';

/** Where a search goes: the home page, reloaded, with the trimmed and URL-encoded term. */
export function searchUrl(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/?search=${encodeURIComponent(trimmed)}` : null;
}

function reloadAt(url: string): void {
  window.location.assign(url);
}

/** Spec section 2: an icon toggles an inline input; an empty or whitespace-only term does nothing. */
export function HeaderSearch({ navigate = reloadAt }: { navigate?: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = searchUrl(term);
    if (url) navigate(url);
  };

  return (
    <Group gap={4} wrap="nowrap" component="form" role="search" onSubmit={submit}>
      {open && (
        <TextInput
          aria-label="Search articles"
          placeholder="Search articles..."
          size="xs"
          w={{ base: 140, sm: 200 }}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          autoFocus
        />
      )}
      <DeferredTooltip label={open ? 'Close search' : 'Search'}>
        <ActionIcon variant="subtle" color="dark" size="lg" aria-label={open ? 'Close search' : 'Search'} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <SearchIcon />
        </ActionIcon>
      </DeferredTooltip>
    </Group>
  );
}
