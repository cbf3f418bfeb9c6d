/**
 * The console's top bar. From the `lg` breakpoint (1200 px) the sections are a row of buttons beside the
 * title, with who is signed in and "Sign out" on the right; below it (a phone, a tablet, a narrow window)
 * nine buttons and the name cannot fit in one bar, so a burger opens a drawer holding the same sections,
 * the name and "Sign out" (issue 19's phone-width pass). The drawer traps focus while open, closes on
 * Escape or on choosing a section, and gives focus back to the burger.
 */
import { Box, Burger, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TStaffSelf } from '@heloc/domain';
import { navigate } from './console/location';

export type SectionLink = { id: string; label: string };

type TopBarProps = {
  me: TStaffSelf;
  sections: readonly SectionLink[];
  current: string;
  onSignOut: () => void;
};

/** The same sections in both places: `vertical` in the drawer. */
function SectionButtons({
  sections,
  current,
  vertical,
  onChoose,
}: {
  sections: readonly SectionLink[];
  current: string;
  vertical: boolean;
  onChoose: (id: string) => void;
}) {
  const buttons = sections.map((each) => (
    <Button
      key={each.id}
      size={vertical ? 'sm' : 'xs'}
      variant={current === each.id ? 'filled' : 'default'}
      aria-current={current === each.id ? 'page' : undefined}
      justify={vertical ? 'flex-start' : undefined}
      onClick={() => onChoose(each.id)}
    >
      {each.label}
    </Button>
  ));
  return (
    <nav aria-label="Sections">
      {vertical ? (
        <Stack gap="xs">{buttons}</Stack>
      ) : (
        <Group gap="xs" wrap="nowrap">
          {buttons}
        </Group>
      )}
    </nav>
  );
}

export function ConsoleTopBar({ me, sections, current, onSignOut }: TopBarProps) {
  const [opened, setOpened] = useState(false);
  const signedIn = `Signed in as ${me.name} · ${me.orgCode ?? 'All organisations'}`;
  const choose = (id: string) => {
    setOpened(false);
    navigate(`/${id}`);
  };
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group wrap="nowrap">
        {/* A wrapper carries the breakpoint, so the burger's own display rule cannot win. */}
        <Box hiddenFrom="lg">
          <Burger
            opened={opened}
            onClick={() => setOpened((open) => !open)}
            size="sm"
            aria-label="Sections menu"
            aria-expanded={opened}
          />
        </Box>
        <Title order={1} size="h3">
          Lender console
        </Title>
        <Box visibleFrom="lg">
          <SectionButtons sections={sections} current={current} vertical={false} onChoose={choose} />
        </Box>
      </Group>
      <Group wrap="nowrap" visibleFrom="lg">
        <Text size="sm">{signedIn}</Text>
        <Button variant="default" size="xs" onClick={onSignOut}>
          Sign out
        </Button>
      </Group>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title="Lender console"
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close the sections menu' }}
      >
        <Stack>
          <SectionButtons sections={sections} current={current} vertical onChoose={choose} />
          <Text size="sm">{signedIn}</Text>
          <Button variant="default" onClick={onSignOut}>
            Sign out
          </Button>
        </Stack>
      </Drawer>
    </Group>
  );
}
