import { Badge, Button, Card, Group, Modal, NativeSelect, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { DIGEST_TESTS_PER_HOUR, type AdminNewsletterDigest, type NewsletterCadence, type NewsletterSettings } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { ADMIN_ERROR_FIELDS, showAlert } from '../../../lib/dialogs';
import { PagedList } from '../../../lib/PagedList';
import { useDigestFailures, useDigests, useNewsletterSettings, usePreview, useSaveSchedule, useSendNow, useSendTest } from '../api/newsletter-api';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) : '');

function ScheduleForm({ settings }: { settings: NewsletterSettings }) {
  const [cadence, setCadence] = useState<NewsletterCadence>(settings.cadence);
  const [weekday, setWeekday] = useState(settings.weekday);
  const [sendTime, setSendTime] = useState(settings.sendTime);
  const save = useSaveSchedule({
    onSuccess: () => notifications.show({ title: 'Newsletter', message: 'Schedule saved.' }),
    onError: (error) => showAlert(serverMessage(error, 'Failed to save the schedule.', ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ cadence, weekday, sendTime });
  };
  return (
    <form onSubmit={submit} aria-label="Digest schedule">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Digest"
          value={cadence}
          onChange={(event) => setCadence(event.currentTarget.value as NewsletterCadence)}
          data={[
            { value: 'off', label: 'Off (send by hand)' },
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        {cadence === 'weekly' && (
          <NativeSelect
            label="On"
            value={String(weekday)}
            onChange={(event) => setWeekday(Number(event.currentTarget.value))}
            data={WEEKDAYS.map((label, value) => ({ value: String(value), label }))}
          />
        )}
        <TextInput label="At (UTC)" type="time" value={sendTime} onChange={(event) => setSendTime(event.currentTarget.value)} disabled={cadence === 'off'} />
        <Button type="submit" loading={save.isPending}>
          Save schedule
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {settings.nextSendAt ? `Next digest: ${date(settings.nextSendAt)} UTC, with the articles published since the last one.` : 'No digest is scheduled.'}
      </Text>
    </form>
  );
}

/** The next digest as it would go out now, and a test of it sent to the editor's own account address. */
function PreviewAndTest() {
  const [open, setOpen] = useState(false);
  const preview = usePreview(open);
  const test = useSendTest({
    onSuccess: (result) => notifications.show({ title: 'Newsletter', message: result.message }),
    onError: (error) => showAlert(serverMessage(error, 'Failed to send the test.', ADMIN_ERROR_FIELDS)),
  });
  const sendNow = useSendNow({
    onSuccess: (result) => notifications.show({ title: 'Newsletter', message: result.message }),
    onError: (error) => showAlert(serverMessage(error, 'Failed to send the digest.', ADMIN_ERROR_FIELDS)),
  });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Button variant="default" onClick={() => setOpen(true)}>
        Preview next digest
      </Button>
      <Button
        variant="light"
        loading={test.isPending}
        onClick={() => test.mutate()}
        title={`To your account's email address, up to ${DIGEST_TESTS_PER_HOUR} times an hour`}
      >
        Send me a test
      </Button>
      <Button color="blue" loading={sendNow.isPending} onClick={() => sendNow.mutate()}>
        Send digest now
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} size="xl" title={preview.data ? preview.data.subject : 'Preview'}>
        {preview.isError && <Text c="red">{preview.error.message}</Text>}
        {preview.data && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {preview.data.articleCount} article(s) published between {date(preview.data.periodFrom)} and {date(preview.data.periodUntil)} UTC.
            </Text>
            <Tabs defaultValue="html">
              <Tabs.List>
                <Tabs.Tab value="html">HTML</Tabs.Tab>
                <Tabs.Tab value="text">Plain text</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="xs">
                {/* Sandboxed: the email's markup runs nothing in the panel. */}
                <iframe
                  title="Digest preview"
                  sandbox=""
                  srcDoc={preview.data.html}
                  style={{ width: '100%', height: '60vh', border: '1px solid var(--mantine-color-gray-3)' }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="xs">
                <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {preview.data.text}
                </Text>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Modal>
    </Group>
  );
}

function Failures({ digest }: { digest: AdminNewsletterDigest }) {
  const failures = useDigestFailures(digest.id);
  return (
    <Stack gap={2} mt="xs">
      {failures.data?.map((failure, index) => (
        <Text key={index} size="xs" c="red">
          {failure.email ?? '(erased)'}: {failure.error} ({failure.attempts} attempt{failure.attempts === 1 ? '' : 's'})
        </Text>
      ))}
    </Stack>
  );
}

function DigestRow({ digest }: { digest: AdminNewsletterDigest }) {
  const [showFailures, setShowFailures] = useState(false);
  return (
    <Table.Tr data-testid="newsletter-digest">
      <Table.Td>{date(digest.createdAt)}</Table.Td>
      <Table.Td>
        {digest.subject}
        {showFailures && <Failures digest={digest} />}
      </Table.Td>
      <Table.Td>
        <Badge color={digest.status === 'sent' ? 'teal' : digest.status === 'sending' ? 'blue' : 'gray'} variant="light">
          {digest.status}
        </Badge>
      </Table.Td>
      <Table.Td>{digest.recipients}</Table.Td>
      <Table.Td>{digest.sent}</Table.Td>
      <Table.Td>
        {digest.failed > 0 ? (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setShowFailures(!showFailures)}>
            {digest.failed}
          </Button>
        ) : (
          0
        )}
      </Table.Td>
      <Table.Td>{digest.pending}</Table.Td>
    </Table.Tr>
  );
}

/** The digests: their schedule, preview, a test, sending one now, and each one's sent and failed counts. */
export function DigestsPanel() {
  const settings = useNewsletterSettings();
  const digests = useDigests();
  return (
    <Stack>
      <Title order={3}>Digests</Title>
      <Card withBorder>
        {settings.data ? <ScheduleForm key={JSON.stringify(settings.data)} settings={settings.data} /> : <Text c="dimmed">Loading the schedule…</Text>}
      </Card>
      <PreviewAndTest />
      <PagedList list={digests} errorText="Failed to fetch digests" emptyText="No digest has been sent yet.">
        {(items: AdminNewsletterDigest[]) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Made (UTC)</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Recipients</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th>Pending</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((digest) => (
                  <DigestRow key={digest.id} digest={digest} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
    </Stack>
  );
}
