/** The Feature flags part of the settings form. */
import { SimpleGrid, Text } from '@mantine/core';
import { SETTINGS_FLAG_KEYS, settingsChangeLabel } from '@heloc/domain';
import type { Field, FieldInput } from './settings-field';

// One check box per flag the platform knows: on or off for this organisation.
export const FLAGS: Field[] = SETTINGS_FLAG_KEYS.map((key) => ({
  path: `featureFlags.${key}`,
  label: settingsChangeLabel(`featureFlags.${key}`),
  checkbox: true,
  get: (s) => String(s.featureFlags[key]),
  set: (s, v) => void (s.featureFlags[key] = v === 'true'),
}));

export function FlagsSection({ input }: { input: FieldInput }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Feature flags</Text>
      </legend>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{FLAGS.map(input)}</SimpleGrid>
    </fieldset>
  );
}
