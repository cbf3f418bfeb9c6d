/**
 * The frame of one step screen: its title (the page's h1, focused on arrival so a screen reader starts
 * at the new screen after the status moved the borrower on), an optional lead text and the content.
 */
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import readable from '@/components/ui/readable-form.module.css';
import classes from './step-page.module.css';

interface StepPageProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

export function StepPage({ title, lead, children }: StepPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // In the next frame's rendering step rather than now: focusing lays the page out, and an effect may
    // still run in the task that rendered the screen, whose layout then lengthens that long task by
    // ~100 ms on a phone (issue 17); in the frame the layout is done once, where it happens anyway.
    // Focus the borrower moved meanwhile (a click into a field) stays where they put it.
    const focused = document.activeElement;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === focused) headingRef.current?.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [title]);
  return (
    // Error, dimmed and alert texts at 4.5:1 (WCAG AA) on every step screen.
    <Stack gap="lg" maw={720} className={`${readable.readable} ${classes.step}`}>
      <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {lead ? <Text>{lead}</Text> : null}
      {children}
    </Stack>
  );
}
