/**
 * The Contact and licences part of the settings form: company, customer service, address, licensed
 * states.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { list, type Field, type FieldInput } from './settings-field';

export const CONTACT: Field[] = [
  {
    path: 'contact.companyName',
    label: 'Company name',
    get: (s) => s.contact.companyName,
    set: (s, v) => void (s.contact.companyName = v),
  },
  {
    path: 'contact.companyNMLS',
    label: 'NMLS number',
    get: (s) => s.contact.companyNMLS,
    set: (s, v) => void (s.contact.companyNMLS = v.trim()),
  },
  {
    path: 'contact.phoneFormatted',
    label: 'Customer service phone',
    description: '(888) 555-0100',
    get: (s) => s.contact.phoneFormatted,
    set: (s, v) => void (s.contact.phoneFormatted = v.trim()),
  },
  {
    path: 'contact.email',
    label: 'Customer service e-mail',
    get: (s) => s.contact.email,
    set: (s, v) => void (s.contact.email = v.trim()),
  },
  {
    path: 'contact.companyAddress.street1',
    label: 'Street',
    get: (s) => s.contact.companyAddress.street1,
    set: (s, v) => void (s.contact.companyAddress.street1 = v),
  },
  {
    path: 'contact.companyAddress.city',
    label: 'City',
    get: (s) => s.contact.companyAddress.city,
    set: (s, v) => void (s.contact.companyAddress.city = v),
  },
  {
    path: 'contact.companyAddress.state',
    label: 'State',
    get: (s) => s.contact.companyAddress.state,
    set: (s, v) => void (s.contact.companyAddress.state = v.trim().toUpperCase()),
  },
  {
    path: 'contact.companyAddress.zip',
    label: 'ZIP code',
    get: (s) => s.contact.companyAddress.zip,
    set: (s, v) => void (s.contact.companyAddress.zip = v.trim()),
  },
  {
    path: 'licensedStates',
    label: 'Licensed states',
    description: 'USPS codes, comma-separated',
    get: (s) => s.licensedStates.join(', '),
    set: (s, v) => void (s.licensedStates = list(v.toUpperCase())),
  },
];

export function ContactSection({ input }: { input: FieldInput }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Contact and licences</Text>
      </legend>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{CONTACT.map(input)}</SimpleGrid>
    </fieldset>
  );
}
