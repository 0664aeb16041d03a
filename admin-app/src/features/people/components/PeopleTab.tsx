import { Alert, Badge, Button, Card, CopyButton, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ADMIN_ROLES, type AdminAccount, type AdminRole, type PasswordLinkResponse } from '@ai-mind/contracts';
import { serverMessage } from '@ai-mind/ui';
import { useAccount } from '../../../lib/account';
import { SET_PASSWORD_PATH, useAdminLocation } from '../../../lib/admin-routes';
import { ADMIN_ERROR_FIELDS, confirmAction, showAlert } from '../../../lib/dialogs';
import { useChangeRole, useChangeStatus, useInvitePerson, usePeople, useResetPassword } from '../api/people-api';

const ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', editor: 'Editor', writer: 'Writer' };
const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const PEOPLE_MESSAGES = {
  roleConfirm: (person: AdminAccount, role: AdminRole) => `Make ${person.displayName} ${ROLE_LABELS[role].toLowerCase()}? Their sessions end now.`,
  disableConfirm: (person: AdminAccount) => `Disable ${person.displayName}? They are signed out now and cannot sign in until enabled.`,
  resetConfirm: (person: AdminAccount) => `Reset the password of ${person.displayName}? They are signed out now and set a new password with the link.`,
  failed: 'The change could not be made.',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The link an owner copies and sends: email sending is not part of the panel yet. */
function LinkToSend({ link, onClose }: { link: PasswordLinkResponse; onClose: () => void }) {
  const { pathOf } = useAdminLocation();
  const url = `${window.location.origin}${pathOf(SET_PASSWORD_PATH)}#${link.token}`;
  return (
    <Alert color="blue" title={`Send this link to ${link.account.displayName}`} withCloseButton onClose={onClose} data-testid="password-link">
      <Stack gap="xs">
        <Text size="sm">
          With it {link.account.displayName} sets their own password and can then sign in as <b>{link.account.username}</b>. It works once, until{' '}
          {when(link.expiresAt)}. The panel does not send email: copy it into a message of your own. It is shown only now.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-label="Link to set the password" value={url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}</CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function InviteForm({ onInvited }: { onInvited: (link: PasswordLinkResponse) => void }) {
  const [role, setRole] = useState<AdminRole>('writer');
  const invite = useInvitePerson({
    onSuccess: (link) => onInvited(link),
    onError: (error) => showAlert(serverMessage(error, PEOPLE_MESSAGES.failed, ADMIN_ERROR_FIELDS)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => String(new FormData(form).get(name) ?? '');
    invite.mutate({ username: field('username'), displayName: field('displayName'), email: field('email'), role }, { onSuccess: () => form.reset() });
  };
  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} aria-label="Invite someone">
        <Stack gap="sm">
          <Title order={4}>Invite someone</Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput name="displayName" label="Name" required maxLength={100} style={{ flex: '1 1 12rem' }} />
            <TextInput name="username" label="Username" required maxLength={100} description="Lowercase letters, digits, . _ -" style={{ flex: '1 1 10rem' }} />
            <TextInput name="email" type="email" label="Email" required maxLength={320} style={{ flex: '1 1 14rem' }} />
            <NativeSelect
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value as AdminRole)}
              style={{ flex: '0 1 9rem' }}
            />
            <Button type="submit" loading={invite.isPending}>
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Owners only: who can use the panel, with which role; invitations, role changes, disabling, password resets. */
export function PeopleTab() {
  const people = usePeople();
  const me = useAccount();
  const [link, setLink] = useState<PasswordLinkResponse | null>(null);
  const failed = (error: Error) => showAlert(serverMessage(error, PEOPLE_MESSAGES.failed, ADMIN_ERROR_FIELDS));
  const changeRole = useChangeRole({
    onSuccess: (person) => notifications.show({ title: 'People', message: `${person.displayName} is now ${ROLE_LABELS[person.role].toLowerCase()}.` }),
    onError: failed,
  });
  const changeStatus = useChangeStatus({
    onSuccess: (person) => notifications.show({ title: 'People', message: `${person.displayName} is ${person.status === 'active' ? 'enabled' : 'disabled'}.` }),
    onError: failed,
  });
  const reset = useResetPassword({ onSuccess: setLink, onError: failed });

  return (
    <Stack>
      <Title order={3}>People</Title>
      {link && <LinkToSend link={link} onClose={() => setLink(null)} />}
      <InviteForm onInvited={setLink} />
      {people.isError && <Alert color="red">Could not load the people: {people.error.message}</Alert>}
      {people.data && (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" data-testid="people">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.map((person) => (
                <Table.Tr key={person.id} data-testid="person">
                  <Table.Td>
                    <Text fw={600}>
                      {person.displayName}
                      {me?.username === person.username && ' (you)'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {person.username}
                      {person.email && ` · ${person.email}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Role of ${person.displayName}`}
                      data={ROLE_OPTIONS}
                      value={person.role}
                      size="xs"
                      w={120}
                      onChange={(event) => {
                        const role = event.currentTarget.value as AdminRole;
                        if (confirmAction(PEOPLE_MESSAGES.roleConfirm(person, role))) changeRole.mutate({ id: person.id, role });
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={person.status === 'active' ? 'green' : 'gray'}>{person.status === 'active' ? 'Active' : 'Disabled'}</Badge>
                      {!person.hasPassword && <Badge color="yellow">{person.linkExpiresAt ? `Link until ${when(person.linkExpiresAt)}` : 'No password'}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{person.lastLoginAt ? when(person.lastLoginAt) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {person.status === 'active' ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => confirmAction(PEOPLE_MESSAGES.disableConfirm(person)) && changeStatus.mutate({ id: person.id, status: 'disabled' })}
                        >
                          Disable
                        </Button>
                      ) : (
                        <Button size="xs" variant="light" onClick={() => changeStatus.mutate({ id: person.id, status: 'active' })}>
                          Enable
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => confirmAction(PEOPLE_MESSAGES.resetConfirm(person)) && reset.mutate(person.id)}>
                        Reset password
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
