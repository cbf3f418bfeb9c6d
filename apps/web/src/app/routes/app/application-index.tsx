/**
 * Lazy route module: the frame's index, /account/heloc/{uuid}. It shows nothing of its own: the
 * status guard (application-flow) moves the borrower to the screen the server status resolves to.
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
