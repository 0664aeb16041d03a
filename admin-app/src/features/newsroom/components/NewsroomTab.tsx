import { Alert, Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { MASTHEAD_TITLE_MAX_CHARS, NEWSROOM_TEXT_MAX_CHARS, type AdminMastheadEntry, type AdminNewsroomPage, type NewsroomTextKey } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { publicPageUrl } from '../../../lib/public-site';
import { useMasthead, useNewsroomPages, useSaveMastheadEntry, useSaveNewsroomPage } from '../api/newsroom-api';
import { OutletsPanel } from '../../outlets/components/OutletsPanel';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One text's editor: HTML, sanitized by the API on save (what it drops is not kept). */
function PageEditor({ page }: { page: AdminNewsroomPage }) {
  const [body, setBody] = useState(page.body);
  const save = useSaveNewsroomPage({
    onSuccess: (saved) => {
      setBody(saved.body);
      notifications.show({ title: 'Saved', message: `${saved.title} is published at ${saved.path}.` });
    },
    onError: (error) => showAlert(serverMessage(error, 'The text could not be saved.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ key: page.key, body });
  };
  return (
    <form onSubmit={submit} aria-label={`Edit ${page.title}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4}>{page.title}</Title>
          <Anchor href={publicPageUrl(page.path)} target="_blank" rel="noopener noreferrer" size="sm">
            {page.path}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {page.updatedAt ? `Last changed ${when(page.updatedAt)} by ${page.updatedBy}` : 'Not written yet: readers see a notice saying so.'}
          {page.revisions > 0 && ` · ${page.revisions} version${page.revisions === 1 ? '' : 's'} kept`}
        </Text>
        {page.key === 'publishingPrinciples' && (
          <Text size="sm">
            Keep the headings <code>&lt;h2 id="feedback"&gt;</code> and <code>&lt;h2 id="verification"&gt;</code>: the feedback and verification policies link
            to them.
          </Text>
        )}
        <Textarea
          label="Text (HTML)"
          name="body"
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={12}
          maxRows={30}
          maxLength={NEWSROOM_TEXT_MAX_CHARS}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={body === page.body}>
            Save and publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One account's masthead entry: named or not, and the public title it is named with. */
function MastheadRow({ entry }: { entry: AdminMastheadEntry }) {
  const [onMasthead, setOnMasthead] = useState(entry.onMasthead);
  const [publicTitle, setPublicTitle] = useState(entry.publicTitle);
  const save = useSaveMastheadEntry({
    onSuccess: (saved) =>
      notifications.show({
        title: 'Masthead saved',
        message: saved.onMasthead ? `${saved.displayName} is named as ${saved.publicTitle}.` : `${saved.displayName} is not named.`,
      }),
    onError: (error) => showAlert(serverMessage(error, 'The masthead could not be saved.', ADMIN_ERROR_FIELDS)),
  });
  const changed = onMasthead !== entry.onMasthead || publicTitle !== entry.publicTitle;
  return (
    <Table.Tr data-testid="masthead-entry">
      <Table.Td>
        <Text size="sm" fw={500}>
          {entry.displayName}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light">
            {entry.role}
          </Badge>
          {!entry.active && (
            <Badge size="xs" color="gray">
              disabled: not shown
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Name ${entry.displayName} on the masthead`}
          checked={onMasthead}
          onChange={(event) => setOnMasthead(event.currentTarget.checked)}
          label={onMasthead ? 'Named' : 'Not named'}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`Public title of ${entry.displayName}`}
          placeholder="Editor-in-chief"
          value={publicTitle}
          maxLength={MASTHEAD_TITLE_MAX_CHARS}
          onChange={(event) => setPublicTitle(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate({ accountId: entry.accountId, entry: { onMasthead, publicTitle } })}
        >
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The owner's Newsroom tab: the publishing principles, corrections policy, ethics and AI policy,
 * masthead text and ownership and funding, each published at its stable URL on save, and who is
 * named on the masthead (only people who agreed; name and title, never an address).
 */
export function NewsroomTab() {
  const pages = useNewsroomPages();
  const masthead = useMasthead();
  const [selected, setSelected] = useState<NewsroomTextKey>('publishingPrinciples');
  const page = pages.data?.find((p) => p.key === selected);
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Title order={3}>The newsroom's promises</Title>
          {pages.isLoading && <Loader aria-label="Loading the newsroom's texts" />}
          {pages.error && (
            <Alert color="red" title="Failed to load the texts">
              {pages.error.message}
            </Alert>
          )}
          {pages.data && (
            <SegmentedControl
              value={selected}
              onChange={(value) => setSelected(value as NewsroomTextKey)}
              data={pages.data.map((p) => ({ value: p.key, label: p.title }))}
              fullWidth
            />
          )}
          {/* Keyed by the text and its last change: a saved text starts the editor afresh. */}
          {page && <PageEditor key={`${page.key}-${page.updatedAt}`} page={page} />}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3}>Masthead</Title>
          <Text size="sm" c="dimmed">
            Name only the people who agreed to be named. Readers see the name and the public title, nothing else.
          </Text>
          {masthead.isLoading && <Loader aria-label="Loading the masthead" />}
          {masthead.data && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>On the masthead</Table.Th>
                  <Table.Th>Public title</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {masthead.data.map((entry) => (
                  <MastheadRow key={`${entry.accountId}-${entry.updatedAt}`} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      <OutletsPanel />
    </Stack>
  );
}
