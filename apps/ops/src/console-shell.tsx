/** The signed-in console's frame: the sections a member's roles allow, each at its own address. */
import { lazy, Suspense } from 'react';
import { AppShell, Loader, Stack, Text, Title } from '@mantine/core';
import { STAFF_PERMISSIONS, type TStaffSelf } from '@heloc/domain';
import { ChatDesk } from './desk/chat-desk';
import { ApplicationFile } from './console/application-file';
import { usePath } from './console/location';
import { Pipeline } from './console/pipeline';
import { Exports } from './console/exports';
import { StaffAdmin } from './staff';
import { Webhooks } from './webhooks/webhooks';
import { OrgSettings } from './settings/settings';
import { MailViewer } from './mail/mail';
import { ConsoleTopBar } from './console-top-bar';

// Reports bring the charting library: loaded when the section opens.
const Reports = lazy(() => import('./reports/reports'));

type Section =
  'overview' | 'applications' | 'chats' | 'staff' | 'webhooks' | 'reports' | 'exports' | 'settings' | 'mail';

/**
 * The signed-in console: only the sections the member's roles allow (the server's staff policy
 * decides every call; this only spares them screens that would answer 403). Each section has its
 * address under /ops/ (/ops/applications, /ops/applications/{uuid}, /ops/chats, /ops/staff).
 */
export function Console({ me, onSignOut }: { me: TStaffSelf; onSignOut: () => void }) {
  const sections: { id: Section; label: string }[] = [
    { id: 'overview', label: 'Overview' },
    ...(me.permissions.includes('APPLICATIONS_READ_ASSIGNED')
      ? [{ id: 'applications' as const, label: 'Applications' }]
      : []),
    ...(me.permissions.includes('CHAT_DESK') ? [{ id: 'chats' as const, label: 'Chats' }] : []),
    ...(me.permissions.includes('STAFF_MANAGE') ? [{ id: 'staff' as const, label: 'Staff' }] : []),
    ...(me.permissions.includes('WEBHOOKS_MANAGE') ? [{ id: 'webhooks' as const, label: 'Webhooks' }] : []),
    ...(me.permissions.includes('REPORTS_READ') ? [{ id: 'reports' as const, label: 'Reports' }] : []),
    ...(me.permissions.includes('REPORTS_EXPORT') ? [{ id: 'exports' as const, label: 'Exports' }] : []),
    ...(me.permissions.includes('ORG_SETTINGS_MANAGE')
      ? [{ id: 'settings' as const, label: 'Settings' }]
      : []),
    ...(me.permissions.includes('MAIL_OUTBOX_READ') ? [{ id: 'mail' as const, label: 'E-mail' }] : []),
  ];
  const path = usePath();
  const [first, second] = path.split('/').filter(Boolean);
  const fallback: Section = me.permissions.includes('CHAT_DESK')
    ? 'chats'
    : me.permissions.includes('APPLICATIONS_READ_ASSIGNED')
      ? 'applications'
      : 'overview';
  const section: Section = sections.some((each) => each.id === first) ? (first as Section) : fallback;
  const fileUuid = section === 'applications' && second ? second : null;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <ConsoleTopBar me={me} sections={sections} current={section} onSignOut={onSignOut} />
      </AppShell.Header>
      <AppShell.Main>
        {section === 'overview' && <Overview me={me} />}
        {section === 'applications' &&
          (fileUuid ? <ApplicationFile key={fileUuid} uuid={fileUuid} me={me} /> : <Pipeline me={me} />)}
        {section === 'chats' && <ChatDesk />}
        {section === 'staff' && <StaffAdmin me={me} />}
        {section === 'webhooks' && <Webhooks me={me} subscriptionUuid={second ?? null} />}
        {section === 'reports' && (
          <Suspense fallback={<Loader aria-label="Loading reports" />}>
            <Reports me={me} kind={second} />
          </Suspense>
        )}
        {section === 'exports' && <Exports me={me} />}
        {section === 'settings' && <OrgSettings me={me} orgCode={second ?? null} />}
        {section === 'mail' && <MailViewer me={me} />}
      </AppShell.Main>
    </AppShell>
  );
}

function Overview({ me }: { me: TStaffSelf }) {
  return (
    <Stack maw={720}>
      <Title order={2} size="h3">
        Overview
      </Title>
      <Text>
        {me.orgCode ? `Organisation ${me.orgCode}` : 'Platform staff: every organisation'} · Roles:{' '}
        {me.roles.join(', ')}
      </Text>
      <Title order={3} size="h5">
        What your roles allow
      </Title>
      <ul data-testid="staff-permissions">
        {me.permissions.map((permission) => (
          <li key={permission}>{STAFF_PERMISSIONS[permission].label}</li>
        ))}
      </ul>
    </Stack>
  );
}
