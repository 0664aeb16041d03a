import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAdminLocation } from './admin-routes';

/** A search field bound to the view's `q` parameter: submitting puts the term in the URL. */
export function SearchBox({ label, placeholder }: { label: string; placeholder?: string }) {
  const { searchParams, setParams } = useAdminLocation();
  const [term, setTerm] = useState(searchParams.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: term.trim() || null });
  };
  return (
    <form onSubmit={submit} role="search" style={{ flex: '1 1 18rem' }}>
      <Group gap="xs" align="flex-end">
        <TextInput style={{ flex: 1 }} label={label} placeholder={placeholder} value={term} onChange={(event) => setTerm(event.currentTarget.value)} />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
