import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AuditLogEntry } from '@ai-mind/contracts';
import { useAdminLocation } from '../../../lib/admin-routes';
import { PagedList } from '../../../lib/PagedList';
import { useAuditLog, useAuditRefusals, type AuditFilters } from '../api/audit-api';
import { EvidenceExportPanel } from '../../evidence/components/EvidenceExportPanel';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ['actor', 'action', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    if ((field === 'from' || field === 'to') && !DATE.test(value)) continue;
    filters[field] = value;
  }
  return filters;
}

/** Who did what in the panel, when, and how it ended; filtered by user, action and dates. */
export function AuditTab() {
  const { searchParams, setParams } = useAdminLocation();
  const filters = filtersOf(searchParams);
  const log = useAuditLog(filters);
  const refusals = useAuditRefusals(filters);
  const [draft, setDraft] = useState<Record<(typeof FIELDS)[number], string>>({
    actor: filters.actor ?? '',
    action: filters.action ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(FIELDS.map((field) => [field, draft[field].trim() || null])));
  };
  const field = (name: (typeof FIELDS)[number], label: string, type = 'text') => (
    <TextInput label={label} type={type} value={draft[name]} onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })} />
  );

  return (
    <Stack>
      <EvidenceExportPanel />
      <Group gap="xs">
        <Title order={3}>Audit log</Title>
        {log.total !== undefined && (
          <Badge size="lg" variant="light" data-testid="audit-count">
            {log.total.toLocaleString('en-US')}
          </Badge>
        )}
      </Group>
      <form onSubmit={apply} aria-label="Audit filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {field('actor', 'User')}
          {field('action', 'Action contains')}
          {field('from', 'From', 'date')}
          {field('to', 'To', 'date')}
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </form>
      {refusals.data && refusals.data.total > 0 && (
        <Text size="sm" c="dimmed" data-testid="audit-refusals">
          {refusals.data.total.toLocaleString('en-US')} admin call{refusals.data.total === 1 ? '' : 's'} refused without a session
          {filters.from || filters.to ? ' in these dates' : ''} (counted, with a few samples in the log):{' '}
          {refusals.data.routes.map((route) => `${route.action} ${route.status} ×${route.count.toLocaleString('en-US')}`).join(', ')}
        </Text>
      )}
      <PagedList list={log} errorText="Failed to fetch the audit log" emptyText="No audit entries match.">
        {(items: AuditLogEntry[]) => (
          <Table striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>On</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-entry">
                  <Table.Td>{new Date(entry.createdAt).toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{entry.actor ?? '(unknown)'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.action}</Text>
                    {entry.note && (
                      <Text size="xs" c="dimmed" fs="italic" lineClamp={2} title={entry.note}>
                        “{entry.note}”
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={entry.targetId ?? undefined}>
                      {entry.targetId ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={entry.status < 400 ? 'green' : 'red'} variant="light">
                      {entry.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
