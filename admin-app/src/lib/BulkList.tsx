import { Badge, Group, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/** The rows ticked for a bulk action (by id), cleared once the action is done. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, ids: () => [...selected], toggle, clear: () => setSelected(new Set()) };
}

/** A moderated list's heading: its title, the server's count of what the filters match, and its bulk actions. */
export function BulkListHeading({
  title,
  total,
  countTestId,
  children,
}: {
  title: string;
  total: number | undefined;
  countTestId: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Title order={3}>{title}</Title>
        {total !== undefined && (
          <Badge size="lg" variant="light" data-testid={countTestId}>
            {total.toLocaleString('en-US')}
          </Badge>
        )}
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
