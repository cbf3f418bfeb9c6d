export { useZodForm } from './use-zod-form';
export type { UseZodFormOptions, ZodForm } from './use-zod-form';
export { checkboxProps, fieldError, fieldId, ServerError, textFieldProps } from './fields';
export { focusFirstInvalid } from './focus-first-invalid';
export { Controller } from 'react-hook-form';
