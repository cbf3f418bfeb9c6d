/** The Operating hours and holidays part of the settings form (Pacific time, per department and day). */
import { SimpleGrid, Text } from '@mantine/core';
import {
  CLOSED_DAY,
  SETTINGS_DEPARTMENTS,
  settingsChangeLabel,
  WEEKDAY_NAMES,
  type TSettingsDepartment,
} from '@heloc/domain';
import type { Field, FieldInput } from './settings-field';

// Hours: one field per department and day ("HH:mm-HH:mm" or "Closed", Pacific), as the document holds them.
export const HOURS: Field[] = (Object.keys(SETTINGS_DEPARTMENTS) as TSettingsDepartment[]).flatMap(
  (department) =>
    WEEKDAY_NAMES.map((day): Field => ({
      path: `hours.${department}.${day}`,
      label: settingsChangeLabel(`hours.${department}.${day}`),
      get: (s) => s.hours[department][day],
      set: (s, v) => void (s.hours[department][day] = v.trim()),
    })),
);
export const HOLIDAYS: Field = {
  path: 'holidays',
  label: 'Holidays',
  description: `Days closed (phone and chat), separated by semicolons: "yyyy-mm-dd name; …"`,
  get: (s) => s.holidays.map((holiday) => `${holiday.date} ${holiday.name}`).join('; '),
  set: (s, v) =>
    void (s.holidays = v
      .split(';')
      .map((each) => each.trim())
      .filter(Boolean)
      .map((each) => {
        const space = each.indexOf(' ');
        return space < 0
          ? { date: each, name: '' }
          : { date: each.slice(0, space), name: each.slice(space + 1).trim() };
      })),
};

export function HoursSection({ input }: { input: FieldInput }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Operating hours and holidays</Text>
      </legend>
      <Text size="sm" mb="xs">
        Pacific time, each day HH:mm-HH:mm (e.g. 06:00-18:00) or {CLOSED_DAY}. On a holiday both phone and
        chat answer closed.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>{HOURS.map(input)}</SimpleGrid>
      {input(HOLIDAYS)}
    </fieldset>
  );
}
