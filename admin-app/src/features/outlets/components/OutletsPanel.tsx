import { Alert, Button, Card, Group, Loader, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import {
  MIN_INDEPENDENT_OUTLETS_RANGE,
  OUTLET_NAME_MAX,
  OUTLET_NOTES_MAX,
  OUTLET_OWNER_MAX,
  OUTLET_SIDE_MAX,
  type AdminSourcingSettings,
  type Outlet,
} from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { fieldErrorsOf, useCreateOutlet, useDeleteOutlet, useOutlets, useSaveSourcingSettings, useSourcingSettings, useUpdateOutlet } from '../api/outlets-api';

interface Draft {
  name: string;
  owner: string;
  side: string;
  notes: string;
}
const EMPTY: Draft = { name: '', owner: '', side: '', notes: '' };
const draftOf = (outlet: Outlet): Draft => ({ name: outlet.name, owner: outlet.owner, side: outlet.side ?? '', notes: outlet.notes });

/** One outlet's fields, for adding or editing; the server's field errors show under their fields. */
function OutletForm({
  initial,
  label,
  submitLabel,
  onSaved,
  outletId,
}: {
  initial: Draft;
  label: string;
  submitLabel: string;
  onSaved: () => void;
  outletId?: number;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const callbacks = {
    onSuccess: (saved: Outlet) => {
      setErrors({});
      notifications.show({ title: 'Outlet saved', message: `${saved.name}, owned by ${saved.owner}.` });
      onSaved();
    },
    onError: (error: Error) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) showAlert(serverMessage(error, 'The outlet could not be saved.', ADMIN_ERROR_FIELDS));
    },
  };
  const create = useCreateOutlet(callbacks);
  const update = useUpdateOutlet(callbacks);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outletId === undefined) create.mutate(draft);
    else update.mutate({ id: outletId, outlet: draft });
  };
  const field = (name: keyof Draft) => ({
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  return (
    <form onSubmit={submit} aria-label={label}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput label="Outlet name (as the feeds name it)" maxLength={OUTLET_NAME_MAX} style={{ flex: '1 1 12rem' }} {...field('name')} />
        <TextInput label="Owner" maxLength={OUTLET_OWNER_MAX} style={{ flex: '1 1 12rem' }} {...field('owner')} />
        <TextInput label="Side (optional)" placeholder="your label: left, state…" maxLength={OUTLET_SIDE_MAX} style={{ flex: '0 1 9rem' }} {...field('side')} />
        <TextInput label="Notes" maxLength={OUTLET_NOTES_MAX} style={{ flex: '2 1 14rem' }} {...field('notes')} />
        <Button type="submit" mt={25} loading={create.isPending || update.isPending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

function OutletRow({ outlet }: { outlet: Outlet }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteOutlet({
    onSuccess: (result) => notifications.show({ title: 'Outlet removed', message: result.message }),
    onError: (error) => showAlert(serverMessage(error, 'The outlet could not be removed.', ADMIN_ERROR_FIELDS)),
  });
  if (editing)
    return (
      <Table.Tr data-testid="outlet">
        <Table.Td colSpan={5}>
          <OutletForm initial={draftOf(outlet)} label={`Edit ${outlet.name}`} submitLabel="Save" outletId={outlet.id} onSaved={() => setEditing(false)} />
        </Table.Td>
      </Table.Tr>
    );
  return (
    <Table.Tr data-testid="outlet">
      <Table.Td>
        <Text size="sm" fw={500}>
          {outlet.name}
        </Text>
      </Table.Td>
      <Table.Td>{outlet.owner}</Table.Td>
      <Table.Td>
        {outlet.side ?? (
          <Text span size="sm" c="dimmed">
            none
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {outlet.notes}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate(outlet.id)}
            aria-label={`Remove ${outlet.name}`}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SettingForm({ settings }: { settings: AdminSourcingSettings }) {
  const [value, setValue] = useState<number | string>(settings.minIndependentOutlets);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSourcingSettings({
    onSuccess: (saved) => {
      setError(null);
      notifications.show({ title: 'Saved', message: `The AI may write from a topic covered by ${saved.minIndependentOutlets} independent outlets or more.` });
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setError(fields.minIndependentOutlets ?? serverMessage(failure, 'The setting could not be saved.', ADMIN_ERROR_FIELDS));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ minIndependentOutlets: Number(value) });
  };
  return (
    <form onSubmit={submit} aria-label="Independent outlets required">
      <Group align="flex-end" gap="xs">
        <NumberInput
          label="Independent outlets required before the AI may write"
          name="minIndependentOutlets"
          min={MIN_INDEPENDENT_OUTLETS_RANGE.min}
          max={MIN_INDEPENDENT_OUTLETS_RANGE.max}
          allowDecimal={false}
          value={value}
          error={error}
          onChange={setValue}
          style={{ width: '22rem', maxWidth: '100%' }}
        />
        <Button type="submit" loading={save.isPending} disabled={Number(value) === settings.minIndependentOutlets}>
          Save
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {settings.updatedAt ? `Last changed by ${settings.updatedBy}.` : 'The default.'} A topic covered by fewer is approved only as single-source, with an
        editor&apos;s note, and its article says so.
      </Text>
    </form>
  );
}

/**
 * The owner's outlet list (in the Newsroom tab): who owns each outlet, so outlets of one owner count
 * once, and the side the owner files it under (their own words: the site ships no ratings); and the
 * newsroom's setting of how many independent outlets a topic needs (docs/independent-sources.md).
 */
export function OutletsPanel() {
  const outlets = useOutlets();
  const settings = useSourcingSettings();
  const [formKey, setFormKey] = useState(0);
  return (
    <Card withBorder padding="md" data-testid="outlets-panel">
      <Stack gap="md">
        <Title order={3}>Independent sources</Title>
        {settings.data && <SettingForm key={settings.data.updatedAt ?? 'default'} settings={settings.data} />}
        <Text size="sm" c="dimmed">
          Outlets with the same owner count as one. An outlet not listed here counts as its own owner. A topic is flagged &quot;One side only&quot; when every
          outlet covering it has the same side label.
        </Text>
        {(outlets.isLoading || settings.isLoading) && <Loader aria-label="Loading the outlets" />}
        {outlets.error && (
          <Alert color="red" title="Failed to load the outlets">
            {outlets.error.message}
          </Alert>
        )}
        {outlets.data && outlets.data.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Outlet</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Side</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outlets.data.map((outlet) => (
                  <OutletRow key={`${outlet.id}-${outlet.updatedAt}`} outlet={outlet} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {outlets.data?.length === 0 && <Text size="sm">No outlets listed yet: every outlet counts as its own owner.</Text>}
        <Title order={5}>Add an outlet</Title>
        <OutletForm key={formKey} initial={EMPTY} label="Add an outlet" submitLabel="Add" onSaved={() => setFormKey((n) => n + 1)} />
      </Stack>
    </Card>
  );
}
