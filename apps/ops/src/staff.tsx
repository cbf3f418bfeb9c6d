/**
 * Staff screens of the console: the organisation's staff (invite by e-mail, roles, disable), the
 * invitation link's set-password form, and two-factor set-up (required outside development).
 */
import { errorText } from './api';
import { ScrollTable } from './scroll-table';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { PLATFORM_ONLY_ROLES, STAFF_ROLES, type TStaffRole, type TStaffSelf } from '@heloc/domain';
import { desk } from './api';
import { invitationQuery, staffQuery, twoFactorSetupQuery } from './queries';

function RoleChoice({
  legend,
  roles,
  onChange,
  allowPlatform,
}: {
  legend: string;
  roles: TStaffRole[];
  onChange: (roles: TStaffRole[]) => void;
  allowPlatform: boolean;
}) {
  return (
    <Checkbox.Group label={legend} value={roles} onChange={(value) => onChange(value as TStaffRole[])}>
      <Group gap="sm" mt={4}>
        {STAFF_ROLES.filter((role) => allowPlatform || !PLATFORM_ONLY_ROLES.includes(role)).map((role) => (
          <Checkbox key={role} value={role} label={role} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

export function StaffAdmin({ me }: { me: TStaffSelf }) {
  const queryClient = useQueryClient();
  const staff = useQuery(staffQuery);
  const members = staff.data ?? [];
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (staff.isError ? errorText(staff.error) : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<TStaffRole[]>(['AGENT']);
  // Platform admins name the organisation (empty: platform staff); an organisation's admin invites into theirs.
  const [orgCode, setOrgCode] = useState('');
  const [editing, setEditing] = useState<{ uuid: string; roles: TStaffRole[] } | null>(null);

  const sendInvitation = useMutation({
    mutationFn: (to: string) =>
      desk.invite(to, roles, me.orgCode === null ? orgCode.trim().toUpperCase() || null : undefined),
    onSuccess: (_, to) => {
      setNotice(`Invitation sent to ${to}.`);
      setEmail('');
    },
    onError: (caught) => setError(errorText(caught)),
  });

  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim() || roles.length === 0) {
      setError('Required');
      return;
    }
    sendInvitation.mutate(email.trim());
  };

  // A member's roles or their access changed: the list is read again.
  const change = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onMutate: () => setError(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
    onError: (caught) => setError(errorText(caught)),
  });

  return (
    <Stack maw={960}>
      <Title order={2} size="h3">
        Staff {me.orgCode ? `of ${me.orgCode}` : 'of every organisation'}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      <Card withBorder>
        <form onSubmit={invite} noValidate>
          <Stack>
            <Title order={3} size="h5">
              Invite a staff member
            </Title>
            <TextInput
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {me.orgCode === null && (
              <TextInput
                label="Organisation code"
                description="Leave empty to invite platform staff (every organisation)"
                value={orgCode}
                onChange={(e) => setOrgCode(e.currentTarget.value)}
              />
            )}
            <RoleChoice
              legend="Roles"
              roles={roles}
              onChange={setRoles}
              allowPlatform={me.orgCode === null && orgCode.trim() === ''}
            />
            <Group>
              <Button type="submit">Send invitation</Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ScrollTable label="Staff members table" minWidth={720}>
        <Table aria-label="Staff members" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.identityUuid} data-testid="staff-member">
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{member.orgCode ?? 'Platform'}</Table.Td>
                <Table.Td>
                  {editing?.uuid === member.identityUuid ? (
                    <RoleChoice
                      legend={`Roles of ${member.email}`}
                      roles={editing.roles}
                      onChange={(next) => setEditing({ uuid: member.identityUuid, roles: next })}
                      allowPlatform={member.orgCode === null}
                    />
                  ) : (
                    member.roles.join(', ')
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {member.disabled ? 'Disabled' : 'Active'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {member.identityUuid === me.identityUuid ? (
                    <Text size="sm">You</Text>
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      {editing?.uuid === member.identityUuid ? (
                        <Button
                          size="xs"
                          onClick={() =>
                            change.mutate(async () => {
                              await desk.setRoles(member.identityUuid, editing.roles);
                              setEditing(null);
                            })
                          }
                        >
                          Save roles
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Change roles of ${member.email}`}
                          onClick={() => setEditing({ uuid: member.identityUuid, roles: member.roles })}
                        >
                          Change roles
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="light"
                        color={member.disabled ? 'green.9' : 'red.9'}
                        aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.email}`}
                        onClick={() =>
                          change.mutate(() => desk.setDisabled(member.identityUuid, !member.disabled))
                        }
                      >
                        {member.disabled ? 'Enable' : 'Disable'}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

export function AcceptInvitation({ token }: { token: string }) {
  const invitation = useQuery(invitationQuery(token));
  const info = invitation.data ?? null;
  const [password, setPassword] = useState('');
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (invitation.isError ? errorText(invitation.error) : null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!password) {
      setError('Required');
      return;
    }
    try {
      await desk.acceptInvitation(token, password);
      setDone(true);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <main>
      <Card maw={440} mx="auto" mt={80} withBorder padding="xl">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Set your password
            </Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {done ? (
              <Alert color="green" role="status">
                Your account is ready. <a href="/ops/">Sign in</a>
              </Alert>
            ) : (
              info && (
                <>
                  <Text>
                    {info.email} · {info.orgName ?? 'Platform staff'} · {info.roles.join(', ')}
                  </Text>
                  <PasswordInput
                    label="New password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                  <Button type="submit">Create account</Button>
                </>
              )
            )}
          </Stack>
        </form>
      </Card>
    </main>
  );
}

export function TwoFactorSetup({
  onDone,
  onSignOut,
}: {
  onDone: () => Promise<void>;
  onSignOut: () => void;
}) {
  const twoFactor = useQuery(twoFactorSetupQuery);
  const setup = twoFactor.data ?? null;
  const [code, setCode] = useState('');
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (twoFactor.isError ? errorText(twoFactor.error) : null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await desk.twoFactorEnable(code.trim());
      await onDone();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <main>
      <Card maw={520} mx="auto" mt={80} withBorder padding="xl">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Turn on two-factor authentication
            </Title>
            <Text>Staff accounts need an authenticator app. Add this key to yours, then enter its code.</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {setup && (
              <>
                <Text size="sm">
                  Key: <Code>{setup.secret}</Code>
                </Text>
                <Text size="xs" style={{ wordBreak: 'break-all' }}>
                  {setup.otpauthUri}
                </Text>
              </>
            )}
            <TextInput
              label="Authenticator code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit">Turn on</Button>
              <Button variant="default" onClick={onSignOut}>
                Sign out
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
