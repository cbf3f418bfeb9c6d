/**
 * Lazy route module: the frame's index, /account/heloc/{uuid}. It shows nothing of its own: its loader
 * (steps/step-route.ts) sends the borrower to the screen the server status resolves to before anything
 * renders, so this shows only while that needs the status guard (application-flow): a waiting status
 * it polls, or a read that failed.
 */
import '@mantine/core/styles/Loader.css';
import { Center, Loader } from '@mantine/core';

export function Component() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading your application" />
    </Center>
  );
}
