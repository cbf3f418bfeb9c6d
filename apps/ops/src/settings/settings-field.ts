/**
 * One field of the settings form: where it sits in the organisation's settings document, how it is
 * read into the form's text and written back. Each section file (brand-section.tsx, …) lists its own.
 */
import type { ReactNode } from 'react';
import type { TOrgSettings } from '@heloc/domain';

export const list = (text: string) =>
  text
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);

export type Field = {
  /** The document path its problems are reported under (zod issue path joined with dots). */
  path: string;
  label: string;
  description?: string;
  get: (settings: TOrgSettings) => string;
  set: (settings: TOrgSettings, value: string) => void;
  /** A check box (value 'true' or 'false') rather than a text field. */
  checkbox?: boolean;
};

/** The editor's input for a field (it holds the form's text and problems); the sections lay them out. */
export type FieldInput = (field: Field) => ReactNode;
