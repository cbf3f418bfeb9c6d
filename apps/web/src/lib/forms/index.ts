export { useZodForm } from './use-zod-form';
export type { UseZodFormOptions, ZodForm } from './use-zod-form';
export { checkboxProps, fieldError, fieldId, ServerError, textFieldProps } from './fields';
export { focusFirstInvalid } from './focus-first-invalid';
export { MobilePhoneField, NameFields } from './person-fields';
export { RadioGroupField } from './radio-group-field';
export { useAction } from './use-action';
export type { RadioGroupFieldProps } from './radio-group-field';
export { Controller } from 'react-hook-form';
